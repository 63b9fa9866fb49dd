import { useId, useRef, useState } from 'react';
import type { SchemaProblem } from '#tooling/schema-problem.ts';
import type { FieldRow, FieldText } from '../field-rows';
import { mustHaveWords, type Edit } from '../model';

interface FieldGroupProps {
  row: FieldRow;
  problems: SchemaProblem[];
  onEdit: (edit: Edit) => void;
  /** Whether the file's and the data's names of the field are shown ('Szczegóły techniczne'). */
  technical: boolean;
}

/** A text input that hands its value on when the editor pauses or leaves it (not on every keystroke). */
function TextSetting({
  text,
  lockId,
  onChange,
}: {
  text: FieldText;
  /** The id of the note that says why the text cannot change, when it cannot. */
  lockId: string | undefined;
  onChange: (value: string) => void;
}) {
  const id = useId();
  const [value, setValue] = useState(text.value);
  const pending = useRef<ReturnType<typeof setTimeout>>(undefined);
  // A change from elsewhere (discarded edits, a restored version) replaces what the input shows.
  const [shown, setShown] = useState(text.value);
  if (shown !== text.value) {
    setShown(text.value);
    setValue(text.value);
  }
  const commit = (next: string) => {
    clearTimeout(pending.current);
    if (next !== text.value) onChange(next);
  };
  const long = text.key.startsWith('part:');
  const Input = long ? 'textarea' : 'input';
  // Left empty, a label or a message is its default (shown greyed in the box); one without a default stays.
  const defaulted = mustHaveWords(text.key);
  const emptyNote =
    value.trim() !== '' || !defaulted
      ? undefined
      : text.fallback === undefined
        ? 'Ten tekst nie może być pusty — zostaje poprzedni.'
        : 'Puste pole: formularz pokaże tekst domyślny (widoczny w polu na szaro).';
  return (
    <div className="studio-text">
      <label htmlFor={id}>{text.label}</label>
      <Input
        id={id}
        value={value}
        placeholder={defaulted ? text.fallback : undefined}
        disabled={Boolean(text.lock)}
        aria-describedby={[lockId, emptyNote && `${id}-empty`].filter(Boolean).join(' ') || undefined}
        {...(long ? { rows: 3 } : { type: 'text' })}
        onChange={(event) => {
          const next = event.target.value;
          setValue(next);
          clearTimeout(pending.current);
          pending.current = setTimeout(() => commit(next), 600);
        }}
        onBlur={(event) => commit(event.target.value)}
      />
      {emptyNote && (
        <p id={`${id}-empty`} className="studio-note">
          {emptyNote}
        </p>
      )}
    </div>
  );
}

function Switch({
  label,
  checked,
  lockId,
  onChange,
}: {
  label: string;
  checked: boolean;
  /** The id of the note that says why the box cannot change, when it cannot. */
  lockId: string | undefined;
  onChange: (on: boolean) => void;
}) {
  const id = useId();
  return (
    <div className="studio-switch">
      <input
        id={id}
        type="checkbox"
        checked={checked}
        disabled={Boolean(lockId)}
        aria-describedby={lockId}
        onChange={(event) => onChange(event.target.checked)}
      />
      <label htmlFor={id}>{label}</label>
    </div>
  );
}

/** One field of the tier: a group named by its title, with its switches, moves, texts and problems. */
export function FieldGroup({ row, problems, onEdit, technical }: FieldGroupProps) {
  const [title, ...texts] = row.texts;
  const { name } = row;
  const id = useId();
  // Why a switch is locked is said on demand (the locked switches describe themselves with it anyway).
  const [why, setWhy] = useState(false);
  // The reasons under the switches, each once (the contract often gives both the same one).
  const locks = [
    ...new Set([row.visibleLock, row.requiredLock].filter((lock): lock is string => Boolean(lock))),
  ];
  const textLocks = [...new Set(texts.flatMap((text) => (text.lock ? [text.lock] : [])))];
  const textLockId = (lock: string | undefined) =>
    lock ? `${id}-text-lock-${textLocks.indexOf(lock)}` : undefined;
  const lockId = (lock: string | undefined) => (lock ? `${id}-lock-${locks.indexOf(lock)}` : undefined);
  return (
    <fieldset className={`studio-field${row.visible ? '' : ' studio-field--hidden'}`} data-field={name}>
      <legend>{row.title}</legend>
      <div className="studio-field__controls">
        <Switch
          label="Widoczne"
          checked={row.visible}
          lockId={lockId(row.visibleLock)}
          onChange={(on) => onEdit({ kind: 'visible', field: name, on })}
        />
        <Switch
          label="Obowiązkowe"
          checked={row.required}
          lockId={lockId(row.requiredLock)}
          onChange={(on) => onEdit({ kind: 'required', field: name, on })}
        />
        <div className="studio-field__moves">
          <button
            type="button"
            className="studio-button"
            data-move="-1"
            disabled={!row.canMoveUp}
            onClick={() => onEdit({ kind: 'move', field: name, by: -1 })}
          >
            W górę
          </button>
          <button
            type="button"
            className="studio-button"
            data-move="1"
            disabled={!row.canMoveDown}
            onClick={() => onEdit({ kind: 'move', field: name, by: 1 })}
          >
            W dół
          </button>
        </div>
      </div>
      {locks.length > 0 && (
        <button
          type="button"
          className="studio-link"
          aria-expanded={why}
          aria-controls={locks.map(lockId).join(' ')}
          onClick={() => setWhy(!why)}
        >
          Dlaczego nie można tego zmienić?
        </button>
      )}
      {locks.map((lock) => (
        <p key={lock} id={lockId(lock)} className="studio-note" hidden={!why}>
          {lock}
        </p>
      ))}
      {problems.length > 0 && (
        <ul className="studio-problems">
          {problems.map((problem) => (
            <li key={`${problem.place}|${problem.message}`}>{problem.message}</li>
          ))}
        </ul>
      )}
      {row.visible && title && (
        <TextSetting
          text={title}
          lockId={undefined}
          onChange={(value) => onEdit({ kind: 'text', field: name, key: title.key, value })}
        />
      )}
      {row.visible && texts.length > 0 && (
        <details className="studio-field__texts">
          <summary>Podpowiedzi i komunikaty</summary>
          {textLocks.map((lock) => (
            <p key={lock} id={textLockId(lock)} className="studio-note">
              {lock}
            </p>
          ))}
          {texts.map((text) => (
            <TextSetting
              key={text.key}
              text={text}
              lockId={textLockId(text.lock)}
              onChange={(value) => onEdit({ kind: 'text', field: name, key: text.key, value })}
            />
          ))}
        </details>
      )}
      {technical && (
        <p className="studio-field__name">
          Nazwa w pliku: {name}
          {row.payload.length > 0 &&
            `; w danych dla Organizatora: ${row.payload.map((path) => `„${path}”`).join(', ')} (docs/api.md)`}
        </p>
      )}
    </fieldset>
  );
}
