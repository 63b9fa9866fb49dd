import { useRef, useState } from 'react';

/**
 * A button whose action asks first, in place: the question, 'yes' and 'no' (focused: the safe choice).
 * `onYes` gets `close`, for when the action is over; closing gives the focus back to the button.
 */
export function AskFirst({
  label,
  question,
  yes,
  no,
  pending,
  onOpen,
  onYes,
}: {
  label: string;
  question: string;
  yes: string;
  no: string;
  pending: boolean;
  onOpen: () => void;
  onYes: (close: () => void) => void;
}) {
  const [asking, setAsking] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const close = () => {
    setAsking(false);
    requestAnimationFrame(() => button.current?.focus());
  };
  if (!asking)
    return (
      <button
        ref={button}
        type="button"
        className="button button--quiet button--danger"
        onClick={() => {
          onOpen();
          setAsking(true);
        }}
      >
        {label}
      </button>
    );
  return (
    <div className="confirm">
      <p>{question}</p>
      <button
        type="button"
        className="button button--danger"
        aria-disabled={pending}
        onClick={() => {
          if (!pending) onYes(close);
        }}
      >
        {yes}
      </button>
      <button type="button" className="button button--quiet" autoFocus onClick={close}>
        {no}
      </button>
    </div>
  );
}
