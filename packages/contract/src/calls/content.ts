import { z } from 'zod';
import { defineCall } from '../call';

export const DOC_TYPES = ['privacy_policy', 'terms_of_service', 'about_us', 'user_agreement'] as const;
export type DocType = (typeof DOC_TYPES)[number];

/** The name of a setting (`contact.email`, `site.slogan`). */
export const settingKey = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[a-z0-9_.]+$/);

export const keyValueDetail = defineCall({
  method: 'GET',
  path: '/api/frontend/keyValue/detail',
  auth: 'none',
  tag: 'content',
  summary: 'One public setting, in the request language',
  query: z.object({ key: settingKey }),
  data: z.object({ key: z.string(), value: z.string(), updated_at: z.string() }),
});

export const keyValueGet = defineCall({
  method: 'GET',
  path: '/api/frontend/keyValue/get',
  auth: 'none',
  tag: 'content',
  summary: 'Several public settings at once (comma-separated keys); unknown keys are left out',
  query: z.object({
    keys: z
      .string()
      .trim()
      .min(1)
      .transform((s) => [...new Set(s.split(',').map((k) => k.trim()))].filter(Boolean))
      .pipe(z.array(settingKey).min(1).max(50)),
  }),
  data: z.record(z.string(), z.string()),
});

export const bannerSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  subtitle: z.string(),
  image: z.string(),
  link: z.string(),
});
export type Banner = z.infer<typeof bannerSchema>;

export const BANNER_POSITIONS = ['home', 'task', 'exchange'] as const;

export const banners = defineCall({
  method: 'GET',
  path: '/api/frontend/banners',
  auth: 'none',
  tag: 'content',
  summary: 'Active banners of a position, in display order',
  query: z.object({ position: z.enum(BANNER_POSITIONS).default('home') }),
  data: z.array(bannerSchema),
});

export const docGetByType = defineCall({
  method: 'GET',
  path: '/api/frontend/doc/getByType',
  auth: 'none',
  tag: 'content',
  summary: 'A legal or about document (Markdown) in the request language',
  query: z.object({ type: z.enum(DOC_TYPES) }),
  data: z.object({
    type: z.enum(DOC_TYPES),
    title: z.string(),
    content: z.string(),
    updated_at: z.string(),
  }),
});
