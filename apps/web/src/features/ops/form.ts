import { useId, useRef, useState, type FormEvent } from 'react';
import type { z } from 'zod';
import { errorMessage, isErrorKey, issueReason, toApiLang } from '@taice/contract';
import { ApiError } from '../../shared/api/client';
import { currentLang } from '../../shared/i18n/i18n';
import { reportFailure } from './api/ops-call';

/** A form's values, flat: a nested field of the body has its dotted path as its name (`title.en_US`). */
export type FormValues = Record<string, string | boolean>;
export type FormErrors = Record<string, string>;

/** The field an issue (or a refusal naming `data.field`) is about: the longest field name its path starts with. */
export function fieldOf(path: string, fields: readonly string[]): string | undefined {
  return fields.filter((name) => path === name || path.startsWith(`${name}.`)).sort((a, b) => b.length - a.length)[0];
}

/**
 * Checks a body against the contract's schema, worded as the server words a refusal ("Reason: is required"), one
 * message per field, the first issue of each. Empty when the server would accept the body.
 */
export function formErrors(schema: z.ZodType | undefined, body: unknown, labels: Record<string, string>): FormErrors {
  const result = schema?.safeParse(body, { reportInput: true });
  if (!result || result.success) return {};
  const lang = toApiLang(currentLang());
  const errors: FormErrors = {};
  for (const issue of result.error.issues) {
    const path = issue.path.join('.');
    const name = fieldOf(path, Object.keys(labels)) ?? '';
    if (errors[name] !== undefined) continue;
    errors[name] = isErrorKey(issue.message)
      ? errorMessage(issue.message, lang)
      : errorMessage('validation_failed', lang, { field: labels[name] ?? path, reason: issueReason(issue, lang) });
  }
  return errors;
}

/** A text field's number: blank is missing (so it reads "is required"), anything else as typed. */
export function numberOf(text: string | boolean | undefined): number | undefined {
  return typeof text === 'string' && text.trim() !== '' ? Number(text.trim()) : undefined;
}

/** "50, 30, 20" as numbers (what cannot be read stays NaN, for the schema to refuse). */
export function listOf(text: string | boolean | undefined): number[] {
  return typeof text === 'string' && text.trim()
    ? text
        .split(/[,\s]+/)
        .filter(Boolean)
        .map(Number)
    : [];
}

/** A `datetime-local` value as an ISO time with this device's offset (blank: null). */
export function instantOf(local: string | boolean | undefined): string | null {
  if (typeof local !== 'string' || !local) return null;
  const date = new Date(local);
  return Number.isNaN(date.getTime()) ? local : date.toISOString();
}

/** An ISO time as a `datetime-local` value on this device's clock. */
export function localOf(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  const shifted = new Date(date.getTime() - date.getTimezoneOffset() * 60_000);
  return shifted.toISOString().slice(0, 16);
}

export interface FieldProps {
  id: string;
  name: string;
  label: string;
  error?: string;
}

/**
 * A console form: its values, validated with the contract's schema before anything is sent (each problem on its
 * field), then `submit`; a refusal of the server naming a field lands on it, any other is reported.
 */
export function useOpsForm<V extends FormValues, B>(options: {
  initial: V | (() => V);
  /** The call's body schema (a call's `body`, always there for an action). */
  schema: z.ZodType | undefined;
  toBody: (values: V) => B;
  submit: (body: B) => Promise<unknown>;
  /** After a successful submit (a dialog closes). */
  onDone?: () => void;
}) {
  const prefix = useId();
  const [values, setValues] = useState<V>(options.initial);
  const [errors, setErrors] = useState<FormErrors>({});
  const [pending, setPending] = useState(false);
  const labels = useRef<Record<string, string>>({});
  const idOf = (name: string) => `${prefix}${name}`;

  const set = (patch: Partial<V>) => {
    setValues((v) => ({ ...v, ...patch }));
    setErrors((e) => {
      const next = { ...e };
      for (const name of Object.keys(patch)) delete next[name];
      return next;
    });
  };

  const show = (found: FormErrors) => {
    setErrors(found);
    const first = Object.keys(labels.current).find((name) => found[name] !== undefined);
    if (first) document.getElementById(idOf(first))?.focus();
  };

  /** The props of the field `name`, labelled `label` (the label also names it in messages). */
  const field = (name: keyof V & string, label: string): FieldProps => {
    labels.current[name] = label;
    return { id: idOf(name), name, label, error: errors[name] };
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const body = options.toBody(values);
    const found = formErrors(options.schema, body, labels.current);
    if (Object.keys(found).length > 0) return show(found);
    setErrors({});
    setPending(true);
    try {
      await options.submit(body);
      options.onDone?.();
    } catch (error) {
      const named = error instanceof ApiError ? (error.data as { field?: unknown } | null)?.field : undefined;
      const name = typeof named === 'string' ? fieldOf(named, Object.keys(labels.current)) : undefined;
      if (name && error instanceof ApiError) show({ [name]: error.message });
      else reportFailure(error);
    } finally {
      setPending(false);
    }
  };

  return {
    values,
    errors,
    pending,
    set,
    field,
    /** Puts a refusal the submit understood on its field. */
    fail: (name: keyof V & string, message: string) => show({ [name]: message }),
    reset: (next: V) => {
      setValues(next);
      setErrors({});
    },
    onSubmit: (event: FormEvent) => void onSubmit(event),
  };
}
