import type { ReactNode } from 'react';
import clsx from 'clsx';
import { API_LANGS, toUiLang, type ApiLang } from '@taice/contract';
import type { FieldProps, FormValues } from '../form';
import { useOpsT } from '../ops-i18n';

/** What a field needs of its form (`useOpsForm`). */
export interface FormLike {
  values: FormValues;
  set(patch: FormValues): void;
  field(name: string, label: string): FieldProps;
}

const box = (error?: string) =>
  clsx(
    'block w-full rounded-lg border bg-surface-2 px-3 text-base outline-none placeholder:text-muted/70 focus:border-accent',
    error ? 'border-danger' : 'border-border',
  );

function Frame({ props, hint, children }: { props: FieldProps; hint?: ReactNode; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <label htmlFor={props.id} className="mb-1 block text-sm font-medium text-muted">
        {props.label}
      </label>
      {children}
      {hint && !props.error && <p className="mt-1 text-sm text-muted">{hint}</p>}
      {props.error && (
        <p id={`${props.id}-error`} className="mt-1 text-sm text-danger">
          {props.error}
        </p>
      )}
    </div>
  );
}

const aria = (props: FieldProps) => ({
  'aria-invalid': props.error ? true : undefined,
  'aria-describedby': props.error ? `${props.id}-error` : undefined,
});

/** A text (or number, date-time) field of a console form; `rows` makes it a text area. */
export function TextInput({
  form,
  name,
  label,
  type = 'text',
  rows,
  hint,
  placeholder,
  inputMode,
  autoComplete = 'off',
}: {
  form: FormLike;
  name: string;
  label: string;
  type?: 'text' | 'number' | 'datetime-local' | 'url';
  rows?: number;
  hint?: ReactNode;
  placeholder?: string;
  inputMode?: 'decimal' | 'numeric' | 'text';
  autoComplete?: string;
}) {
  const props = form.field(name, label);
  const value = String(form.values[name] ?? '');
  const change = (text: string) => form.set({ [name]: text });
  return (
    <Frame props={props} hint={hint}>
      {rows ? (
        <textarea
          id={props.id}
          name={name}
          rows={rows}
          value={value}
          placeholder={placeholder}
          onChange={(e) => change(e.target.value)}
          className={clsx(box(props.error), 'resize-y py-2.5')}
          {...aria(props)}
        />
      ) : (
        <input
          id={props.id}
          name={name}
          type={type === 'number' ? 'text' : type}
          inputMode={inputMode ?? (type === 'number' ? 'decimal' : undefined)}
          autoComplete={autoComplete}
          value={value}
          placeholder={placeholder}
          onChange={(e) => change(e.target.value)}
          className={clsx(box(props.error), 'min-h-11 tabular-nums')}
          {...aria(props)}
        />
      )}
    </Frame>
  );
}

export function SelectInput({
  form,
  name,
  label,
  options,
}: {
  form: FormLike;
  name: string;
  label: string;
  options: { value: string; label: string }[];
}) {
  const props = form.field(name, label);
  return (
    <Frame props={props}>
      <select
        id={props.id}
        name={name}
        value={String(form.values[name] ?? '')}
        onChange={(e) => form.set({ [name]: e.target.value })}
        className={clsx(box(props.error), 'min-h-11')}
        {...aria(props)}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </Frame>
  );
}

export function CheckboxInput({ form, name, label }: { form: FormLike; name: string; label: string }) {
  const props = form.field(name, label);
  return (
    <div>
      <label htmlFor={props.id} className="flex min-h-11 cursor-pointer items-center gap-3">
        <input
          id={props.id}
          name={name}
          type="checkbox"
          checked={form.values[name] === true}
          onChange={(e) => form.set({ [name]: e.target.checked })}
          className="size-5 accent-[var(--accent)]"
        />
        <span>{label}</span>
      </label>
      {props.error && <p className="text-sm text-danger">{props.error}</p>}
    </div>
  );
}

/** One text in the three languages: fields `<name>.en_US`, `<name>.zh-CN` and `<name>.zh-TW`. */
export function LocalizedInputs({
  form,
  name,
  label,
  rows,
}: {
  form: FormLike;
  name: string;
  label: string;
  rows?: number;
}) {
  const { ot } = useOpsT();
  return (
    <fieldset className="grid gap-3">
      <legend className="sr-only">{label}</legend>
      {API_LANGS.map((lang) => (
        <TextInput
          key={lang}
          form={form}
          name={`${name}.${lang}`}
          label={`${label} · ${ot(`lang.${toUiLang(lang)}`)}`}
          rows={rows}
        />
      ))}
    </fieldset>
  );
}

/** Localized values of a form, flat, from a text in the three languages. */
export function localizedValues(name: string, text?: Record<ApiLang, string>): FormValues {
  return Object.fromEntries(API_LANGS.map((lang) => [`${name}.${lang}`, text?.[lang] ?? '']));
}

/** The text in the three languages back from a form's flat values. */
export function localizedOf(values: FormValues, name: string): Record<ApiLang, string> {
  return Object.fromEntries(API_LANGS.map((lang) => [lang, String(values[`${name}.${lang}`] ?? '')])) as Record<
    ApiLang,
    string
  >;
}
