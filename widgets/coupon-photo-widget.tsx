import { useId, useState, type ChangeEvent } from 'react';
import type { WidgetProps } from '@rjsf/utils';
import { texts } from '#shared/content/statement-texts.ts';
import messages from '#content/statement-messages.json';
import { fieldAria, formContextOf } from './field-state';
import { photoProblem, toCouponPng } from './image-resize';

type Status = { kind: 'idle' } | { kind: 'processing' } | { kind: 'error'; message: string };

/** spec §2, §5: the coupon photo, checked, downscaled to 600x800 PNG in the browser, with a preview. */
export function CouponPhotoWidget(props: WidgetProps) {
  const { id, value, onChange, onBlur, disabled } = props;
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const messageId = useId();
  const photo = typeof value === 'string' ? value : undefined;
  const missing = formContextOf(props).fileMissing && !photo;
  const aria = fieldAria(props);

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const problem = photoProblem(file);
    if (problem) {
      setStatus({ kind: 'error', message: texts.photo[problem] });
      return;
    }
    setStatus({ kind: 'processing' });
    try {
      const started = performance.now();
      const png = await toCouponPng(file);
      // The benchmark reads this measure (npm run bench: photo to PNG within 600x800).
      performance.measure?.('coupon-photo:resize', { start: started });
      onChange(png);
      setStatus({ kind: 'idle' });
    } catch {
      setStatus({ kind: 'error', message: texts.photo.unreadable });
    } finally {
      onBlur(id, undefined);
    }
  };

  const message = status.kind === 'error' ? status.message : missing ? messages.fileRequired : undefined;
  return (
    <div className="coupon-photo">
      <input
        id={id}
        type="file"
        className="coupon-photo__input"
        accept=".jpg,.jpeg,.png,.gif,image/jpeg,image/png,image/gif"
        disabled={disabled || status.kind === 'processing'}
        onChange={(event) => void choose(event)}
        aria-invalid={message ? true : aria['aria-invalid']}
        aria-describedby={`${messageId} ${aria['aria-describedby']}`}
      />
      <label htmlFor={id} className="button button--ghost coupon-photo__button">
        {photo ? texts.photo.change : texts.photo.choose}
      </label>
      <p className="field-note">{texts.photo.hint}</p>
      {status.kind === 'processing' && (
        <p className="coupon-photo__progress" role="status">
          <progress aria-label={texts.photo.processing} /> {texts.photo.processing}
        </p>
      )}
      <p id={messageId} className="field-error" role={message ? 'alert' : undefined}>
        {message}
      </p>
      {photo && <img className="coupon-photo__preview" src={photo} alt={texts.photo.preview} width={150} />}
    </div>
  );
}
