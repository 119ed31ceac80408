import type { FormEvent, ReactNode } from 'react';
import type { z } from 'zod';
import { Button } from '../../../shared/ui/button';
import { Modal } from '../../../shared/ui/modal';
import { useOpsForm, type FormErrors } from '../form';
import { useOpsT } from '../ops-i18n';
import { TextInput } from './fields';

/** A dialog holding a console form, with its submit and cancel buttons. */
export function FormDialog({
  title,
  onClose,
  form,
  submitLabel,
  danger = false,
  children,
}: {
  title: string;
  onClose: () => void;
  /** The form (`useOpsForm`): what submitting does, whether it is under way, a problem of the whole form. */
  form: { onSubmit: (event: FormEvent) => void; pending: boolean; errors: FormErrors };
  submitLabel: string;
  danger?: boolean;
  children: ReactNode;
}) {
  const { ot } = useOpsT();
  return (
    <Modal open onClose={onClose} title={title}>
      <form noValidate onSubmit={form.onSubmit} className="flex flex-col gap-4">
        {children}
        {form.errors[''] && (
          <p role="alert" className="text-sm text-danger">
            {form.errors['']}
          </p>
        )}
        <div className="grid grid-cols-2 gap-3 wide:flex wide:justify-end">
          <Button variant="secondary" onClick={onClose} className="wide:min-w-32">
            {ot('actions.cancel')}
          </Button>
          <Button
            type="submit"
            variant={danger ? 'danger' : 'primary'}
            loading={form.pending}
            className="wide:min-w-32"
          >
            {submitLabel}
          </Button>
        </div>
      </form>
    </Modal>
  );
}

/**
 * An action that needs a reason (reject a reward, ban an account, take a video down): the reason is checked
 * with the call's schema, then sent; the dialog closes when the action succeeds.
 */
export function ReasonDialog<B>({
  title,
  text,
  submitLabel,
  schema,
  toBody,
  submit,
  onClose,
  danger = false,
}: {
  title: string;
  text?: ReactNode;
  submitLabel: string;
  schema: z.ZodType | undefined;
  toBody: (reason: string) => B;
  submit: (body: B) => Promise<unknown>;
  onClose: () => void;
  danger?: boolean;
}) {
  const { ot } = useOpsT();
  const form = useOpsForm({
    initial: { reason: '' },
    schema,
    toBody: (values) => toBody(values.reason),
    submit,
    onDone: onClose,
  });
  return (
    <FormDialog title={title} onClose={onClose} form={form} submitLabel={submitLabel} danger={danger}>
      {text && <div className="text-muted">{text}</div>}
      <TextInput form={form} name="reason" label={ot('actions.reason')} rows={3} />
    </FormDialog>
  );
}
