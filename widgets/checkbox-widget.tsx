import type { WidgetProps } from '@rjsf/utils';
import { fieldAria } from './field-state';

/** A checkbox whose label is the field title (consents, 'no PESEL', 'no ID card', beneficiary). */
export function CheckboxWidget(props: WidgetProps) {
  const { id, value, label, onChange, onBlur, onFocus, disabled, readonly, required } = props;
  return (
    <div className="checkbox">
      <input
        id={id}
        name={id}
        type="checkbox"
        checked={value === true}
        disabled={disabled || readonly}
        onChange={(event) => onChange(event.target.checked)}
        onBlur={() => onBlur(id, value)}
        onFocus={() => onFocus(id, value)}
        {...fieldAria(props)}
      />
      <label htmlFor={id}>
        {label}
        {required && <span aria-hidden="true"> *</span>}
      </label>
    </div>
  );
}
