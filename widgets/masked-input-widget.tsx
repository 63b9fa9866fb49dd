import type { WidgetProps } from '@rjsf/utils';
import { fieldAria } from './field-state';
import { masks } from './masks';

/** A text input that filters what is typed (spec §5 input filters); ui:options.mask names the filter. */
export function MaskedInputWidget(props: WidgetProps) {
  const { id, value, disabled, readonly, onChange, onBlur, onFocus, options, placeholder, uiSchema } = props;
  const mask = masks[String(options.mask)];
  if (!mask) throw new Error(`Unknown mask ${String(options.mask)}`);
  const current = typeof value === 'string' ? value : '';
  return (
    <input
      id={id}
      name={id}
      type="text"
      className="input"
      inputMode={mask.inputMode}
      autoComplete={uiSchema?.['ui:autocomplete'] as string | undefined}
      placeholder={placeholder}
      value={mask.display(current)}
      disabled={disabled}
      readOnly={readonly}
      onChange={(event) => onChange(mask.toValue(event.target.value) || undefined)}
      onBlur={() => onBlur(id, current)}
      onFocus={() => onFocus(id, current)}
      {...fieldAria(props)}
    />
  );
}
