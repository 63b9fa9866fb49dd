import type { WidgetProps } from '@rjsf/utils';
import { texts } from '#shared/content/statement-texts.ts';
import { MaskedInputWidget } from './masked-input-widget';

export const COUPON_EXAMPLE_IMAGE = '/kupon-przyklad.svg';

/** spec §2, §9: the 19-digit coupon serial number (shown 4-9-6 with dashes) and where to find it. */
export function SerialNumberWidget(props: WidgetProps) {
  return (
    <div className="serial-number">
      <MaskedInputWidget {...props} options={{ ...props.options, mask: 'serialNumber' }} />
      <p className="field-note">
        {texts.serial.hint}{' '}
        <a href={COUPON_EXAMPLE_IMAGE} target="_blank" rel="noopener noreferrer">
          {texts.serial.example}
        </a>
      </p>
    </div>
  );
}
