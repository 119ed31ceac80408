import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import clsx from 'clsx';
import {
  ADDRESS_DETAIL_MAX_LENGTH,
  ADDRESS_NAME_MAX_LENGTH,
  ADDRESS_PHONE_MAX_LENGTH,
  DEFAULT_DIAL_CODE,
  type Address,
} from '@taice/contract';
import { ApiError } from '../../../shared/api/client';
import { i18n } from '../../../shared/i18n/i18n';
import { Button } from '../../../shared/ui/button';
import { Field } from '../../../shared/ui/field';
import { notify } from '../../../shared/ui/toast';
import { dialDigits } from '../api/use-country-info';
import {
  ADDRESS_FIELDS,
  addressProblems,
  fieldOfRefusal,
  useSaveAddress,
  type AddressField,
  type AddressProblems,
  type AddressValues,
} from '../api/use-save-address';
import { CountrySelect, DialCodeSelect } from './country-select';

function initialValues(address?: Address): AddressValues {
  return {
    first_name: address?.first_name ?? '',
    last_name: address?.last_name ?? '',
    country: address?.country ?? '',
    dial_code: address?.dial_code || DEFAULT_DIAL_CODE,
    phone: address?.phone ?? '',
    detail_address: address?.detail_address ?? '',
  };
}

/**
 * A delivery address to add (or, given `address`, to change): first and last
 * name, country, dial code (the country's, unless another is picked), phone
 * and the detailed address. Each missing field shows its own message, in the
 * server's words; a refusal of the server shows on its field.
 */
export function AddressForm({
  address,
  onSaved,
  onCancel,
}: {
  address?: Address;
  onSaved: (saved: Address) => void;
  onCancel?: () => void;
}) {
  const { t } = useTranslation();
  const save = useSaveAddress();
  const prefix = useId();
  const idOf = (field: AddressField) => `${prefix}${field}`;
  const [values, setValues] = useState(() => initialValues(address));
  const [problems, setProblems] = useState<AddressProblems>({});

  const change = (patch: Partial<AddressValues>) => {
    setValues((v) => ({ ...v, ...patch }));
    setProblems((p) => {
      const next = { ...p };
      for (const field of Object.keys(patch) as AddressField[]) delete next[field];
      return next;
    });
  };

  const show = (found: AddressProblems) => {
    setProblems(found);
    const first = ADDRESS_FIELDS.find((field) => found[field]);
    if (first) document.getElementById(idOf(first))?.focus();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    event.stopPropagation(); // Inside another form (the exchange dialog's), only this one submits.
    const found = addressProblems(values);
    if (Object.keys(found).length > 0) return show(found);
    setProblems({});
    try {
      const saved = await save.mutateAsync({ values, id: address?.id });
      notify.success(i18n.t(address ? 'address.updated' : 'address.added'));
      onSaved(saved);
    } catch (error) {
      const field = fieldOfRefusal(error);
      const message = error instanceof ApiError ? error.message : i18n.t('errors.requestError');
      if (field) show({ [field]: message });
      else notify.error(message);
    }
  };

  const nameField = (field: 'first_name' | 'last_name', label: string, autoComplete: string) => (
    <Field
      id={idOf(field)}
      label={label}
      name={field}
      value={values[field]}
      maxLength={ADDRESS_NAME_MAX_LENGTH}
      autoComplete={autoComplete}
      onChange={(e) => change({ [field]: e.target.value })}
      error={problems[field]}
    />
  );

  const phoneProblem = problems.phone ?? problems.dial_code;
  const detailLength = values.detail_address.length;
  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="flex flex-col gap-4">
      <div className="grid gap-4 wide:grid-cols-2">
        {nameField('first_name', t('address.firstName'), 'given-name')}
        {nameField('last_name', t('address.lastName'), 'family-name')}
      </div>
      <CountrySelect
        id={idOf('country')}
        label={t('address.country')}
        value={values.country}
        error={problems.country}
        onChange={(country) => change({ country: country.code, dial_code: dialDigits(country.dial_code) })}
      />
      <div>
        <label htmlFor={idOf('phone')} className="mb-1 block text-sm font-medium text-muted">
          {t('address.phone')}
        </label>
        <div
          className={clsx(
            'flex items-center rounded-lg border bg-surface-2 focus-within:border-accent',
            phoneProblem ? 'border-danger' : 'border-border',
          )}
        >
          <DialCodeSelect
            id={idOf('dial_code')}
            label={t('address.dialCode')}
            value={values.dial_code}
            country={values.country}
            invalid={Boolean(problems.dial_code)}
            onChange={(dialCode) => change({ dial_code: dialCode })}
          />
          <input
            id={idOf('phone')}
            name="phone"
            type="tel"
            inputMode="numeric"
            autoComplete="tel-national"
            maxLength={ADDRESS_PHONE_MAX_LENGTH}
            value={values.phone}
            onChange={(e) => change({ phone: e.target.value.replace(/\D/g, '') })}
            aria-invalid={problems.phone ? true : undefined}
            aria-describedby={phoneProblem ? `${idOf('phone')}-error` : undefined}
            className="min-h-11 w-full min-w-0 flex-1 bg-transparent px-3 text-base tabular-nums outline-none"
          />
        </div>
        {phoneProblem && (
          <p id={`${idOf('phone')}-error`} className="mt-1 text-sm text-danger">
            {phoneProblem}
          </p>
        )}
      </div>
      <div>
        <label htmlFor={idOf('detail_address')} className="mb-1 block text-sm font-medium text-muted">
          {t('address.detail')}
        </label>
        <textarea
          id={idOf('detail_address')}
          name="detail_address"
          rows={3}
          maxLength={ADDRESS_DETAIL_MAX_LENGTH}
          autoComplete="street-address"
          placeholder={t('address.detailHint')}
          value={values.detail_address}
          onChange={(e) => change({ detail_address: e.target.value })}
          aria-invalid={problems.detail_address ? true : undefined}
          aria-describedby={`${idOf('detail_address')}-count${problems.detail_address ? ` ${idOf('detail_address')}-error` : ''}`}
          className={clsx(
            'block w-full resize-y rounded-lg border bg-surface-2 px-3 py-2.5 text-base outline-none placeholder:text-muted/70 focus:border-accent',
            problems.detail_address ? 'border-danger' : 'border-border',
          )}
        />
        <div className="mt-1 flex items-start gap-3 text-sm">
          <p id={`${idOf('detail_address')}-error`} className="flex-1 text-danger">
            {problems.detail_address}
          </p>
          <p id={`${idOf('detail_address')}-count`} className="shrink-0 tabular-nums text-muted">
            <span className="sr-only">{t('address.characters')} </span>
            {detailLength}/{ADDRESS_DETAIL_MAX_LENGTH}
          </p>
        </div>
      </div>
      <div className={clsx('grid gap-3', onCancel ? 'grid-cols-2' : 'grid-cols-1', 'wide:flex wide:justify-end')}>
        {onCancel && (
          <Button variant="secondary" onClick={onCancel} className="wide:min-w-32">
            {t('common.cancel')}
          </Button>
        )}
        <Button type="submit" loading={save.isPending} className="wide:min-w-32">
          {t('address.save')}
        </Button>
      </div>
    </form>
  );
}
