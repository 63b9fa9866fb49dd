import type { RegistryWidgetsType } from '@rjsf/utils';
import { CheckboxWidget } from './checkbox-widget';
import { CodeWidget } from './code-widget';
import { CouponPhotoWidget } from './coupon-photo-widget';
import { MaskedInputWidget } from './masked-input-widget';
import { SerialNumberWidget } from './serial-number-widget';
import { TextareaWidget } from './textarea-widget';
import { YesNoWidget } from './yes-no-widget';

/** The custom widgets a UI schema may name in ui:widget. */
export const widgets: RegistryWidgetsType = {
  // Replaces rjsf's own checkbox (ui:widget "checkbox"): our markup, labels and aria.
  CheckboxWidget,
  CodeWidget,
  CouponPhotoWidget,
  MaskedInputWidget,
  SerialNumberWidget,
  // Replaces rjsf's own textarea (ui:widget "textarea"): drawn and marked invalid as our inputs are.
  TextareaWidget,
  YesNoWidget,
};

/** rjsf's own widgets that our UI schemas use. */
export const BUILT_IN_WIDGETS = ['text', 'email', 'checkbox'];

export const KNOWN_WIDGETS = [...Object.keys(widgets), ...BUILT_IN_WIDGETS];
