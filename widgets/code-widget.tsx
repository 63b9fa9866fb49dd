import { useRef, type ClipboardEvent, type FocusEvent, type KeyboardEvent } from 'react';
import type { WidgetProps } from '@rjsf/utils';
import { texts } from '#shared/content/statement-texts.ts';
import { fieldAria, formContextOf } from './field-state';
import { masks } from './masks';

const CODE_LENGTH = 11;

/**
 * spec §2: the promotional code in 11 single-character boxes. Typing or pasting a whole code into a box
 * fills the boxes from there; Backspace on an empty box goes back. Locked when the code came from the
 * code checker or the e-mailed link.
 */
export function CodeWidget(props: WidgetProps) {
  const { id, value, onChange, onBlur, disabled } = props;
  const lockedFrom = formContextOf(props).codeLocked;
  const locked = lockedFrom !== undefined || Boolean(props.readonly);
  const boxes = useRef<Array<HTMLInputElement | null>>([]);
  const code = typeof value === 'string' ? value : '';
  const aria = fieldAria(props);

  const focusBox = (index: number) => boxes.current[Math.max(0, Math.min(CODE_LENGTH - 1, index))]?.focus();

  const write = (index: number, typed: string) => {
    // A read-only box still receives paste events: a locked code must not change.
    if (locked) return;
    const clean = masks.code!.toValue(typed);
    const start = Math.min(index, code.length);
    const next = (code.slice(0, start) + clean + code.slice(start + clean.length)).slice(0, CODE_LENGTH);
    onChange(next || undefined);
    if (clean) focusBox(start + clean.length);
  };

  const onKeyDown = (index: number) => (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Backspace' && !code[index]) {
      event.preventDefault();
      if (index > 0) {
        onChange(code.slice(0, index - 1) + code.slice(index) || undefined);
        focusBox(index - 1);
      }
    } else if (event.key === 'ArrowLeft') focusBox(index - 1);
    else if (event.key === 'ArrowRight') focusBox(index + 1);
  };

  const onPaste = (index: number) => (event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    write(index, event.clipboardData.getData('text'));
  };

  // The field counts as touched when focus leaves the whole group, not each box.
  const onGroupBlur = (event: FocusEvent<HTMLDivElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) onBlur(id, code);
  };

  return (
    <div className="code-boxes" role="group" aria-labelledby={`${id}__label`} onBlur={onGroupBlur}>
      {Array.from({ length: CODE_LENGTH }, (_, index) => (
        <input
          key={index}
          ref={(element) => {
            boxes.current[index] = element;
          }}
          id={index === 0 ? id : `${id}-${index + 1}`}
          className="code-boxes__box"
          type="text"
          inputMode="text"
          autoCapitalize="characters"
          autoComplete="off"
          spellCheck={false}
          aria-label={texts.code.box.replace('{n}', String(index + 1))}
          value={code[index] ?? ''}
          readOnly={locked}
          disabled={disabled}
          onChange={(event) => {
            const typed = event.target.value;
            if (typed === '') {
              onChange(code.slice(0, index) + code.slice(index + 1) || undefined);
              return;
            }
            // A box holds one character: typing into a full box replaces it with the new one.
            write(index, typed.length > 1 && code[index] ? typed.replace(code[index]!, '') : typed);
          }}
          onKeyDown={onKeyDown(index)}
          onPaste={onPaste(index)}
          onFocus={(event) => event.target.select()}
          {...aria}
        />
      ))}
      {lockedFrom && <p className="field-note">{texts.code.locked[lockedFrom]}</p>}
    </div>
  );
}
