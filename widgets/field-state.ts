import { ariaDescribedByIds, type WidgetProps } from '@rjsf/utils';

export interface StatementFormContext {
  /** Ids of the fields the visitor has left (blurred): only their errors show (spec §4). */
  touched: ReadonlySet<string>;
  /** spec §2: the code is locked, filled in from the e-mailed link or passed from the code checker. */
  codeLocked: 'link' | 'checker' | undefined;
  /** spec §4: set when a submit found no coupon photo for an offline code. */
  fileMissing: boolean;
}

export function formContextOf(props: Pick<WidgetProps, 'registry'>): StatementFormContext {
  return props.registry.formContext as StatementFormContext;
}

/** aria-invalid and aria-describedby for a widget, errors counting only once the field was touched. */
export function fieldAria(props: Pick<WidgetProps, 'id' | 'rawErrors' | 'registry'>) {
  const shown = formContextOf(props).touched.has(props.id) && (props.rawErrors?.length ?? 0) > 0;
  return { 'aria-invalid': shown || undefined, 'aria-describedby': ariaDescribedByIds(props.id, true) };
}
