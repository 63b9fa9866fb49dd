import type { WidgetProps } from '@rjsf/utils';
import { texts } from '#shared/content/statement-texts.ts';
import { fieldAria } from './field-state';

/** A required Tak/Nie answer (spec §3 answer_1..3): unset until the visitor picks one. */
export function YesNoWidget(props: WidgetProps) {
  const { id, value, onChange, onBlur, disabled } = props;
  const aria = fieldAria(props);
  const options = [
    { answer: true, label: texts.yes, inputId: id },
    { answer: false, label: texts.no, inputId: `${id}-nie` },
  ];
  return (
    <div
      className="yes-no"
      role="radiogroup"
      aria-labelledby={`${id}__label`}
      aria-describedby={aria['aria-describedby']}
      aria-invalid={aria['aria-invalid']}
    >
      {options.map(({ answer, label, inputId }) => (
        <label key={label} className="yes-no__option" htmlFor={inputId}>
          <input
            id={inputId}
            type="radio"
            name={id}
            checked={value === answer}
            disabled={disabled}
            onChange={() => onChange(answer)}
            onBlur={() => onBlur(id, value)}
          />
          {label}
        </label>
      ))}
    </div>
  );
}
