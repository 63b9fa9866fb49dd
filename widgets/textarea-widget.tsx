import type { WidgetProps } from '@rjsf/utils';
import { fieldAria } from './field-state';

/**
 * A longer text (the complaint's 'Opis' and 'Żądanie'): drawn as the form's other inputs (full width, a
 * target to tap, the error's red border), and aria-invalid once touched, as they are. rjsf's own textarea
 * was 192 px wide and two lines high on a phone, with no error state.
 */
export function TextareaWidget(props: WidgetProps) {
  const { id, value, placeholder, disabled, readonly, onChange, onBlur, onFocus, options } = props;
  return (
    <textarea
      id={id}
      name={id}
      className="input input--long"
      rows={typeof options.rows === 'number' ? options.rows : 5}
      value={typeof value === 'string' ? value : ''}
      placeholder={placeholder}
      disabled={disabled}
      readOnly={readonly}
      onChange={(event) => onChange(event.target.value === '' ? options.emptyValue : event.target.value)}
      onBlur={(event) => onBlur(id, event.target.value)}
      onFocus={(event) => onFocus(id, event.target.value)}
      {...fieldAria(props)}
    />
  );
}
