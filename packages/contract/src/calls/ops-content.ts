import { z } from 'zod';
import { API_LANGS } from '../lang';
import { OPS_ADMIN, OPS_STAFF } from './ops-access';
import { defineCall, rowId } from '../call';
import { localizedInput, multiline } from '../text';
import { BANNER_POSITIONS, DOC_TYPES, settingKey } from './content';

/**
 * The operators' side of site content: legal and about documents (one language at a time), banners, the public
 * settings the keyValue calls serve, and video categories. Reading is for admins and support, changing for
 * admins; every change writes an audit row in its own transaction. The public reads show a change within their
 * cache time (10 s).
 */
export const DOC_TITLE_MAX_LENGTH = 120;
/** A document's Markdown, in characters; a long legal text runs to about 20,000. */
export const DOC_CONTENT_MAX_LENGTH = 40_000;
/** Room for a document at its longest (3 bytes a character) twice over. */
const DOC_BODY_LIMIT_BYTES = 256 * 1024;
export const BANNER_TITLE_MAX_LENGTH = 80;
export const BANNER_SUBTITLE_MAX_LENGTH = 160;
export const CONTENT_URL_MAX_LENGTH = 500;
export const SETTING_VALUE_MAX_LENGTH = 1_000;
export const CATEGORY_NAME_MAX_LENGTH = 40;

const localized = z.object({ en_US: z.string(), 'zh-CN': z.string(), 'zh-TW': z.string() });
/** An absolute http(s) URL or a path on this site. */
const urlOrPath = z
  .string()
  .trim()
  .max(CONTENT_URL_MAX_LENGTH)
  .regex(/^(https?:\/\/|\/)\S*$/, 'must be an http(s) URL or a path starting with /');
const when = z.iso.datetime({ offset: true }).max(40).nullable();

// ---- Documents --------------------------------------------------------------

const docKey = { type: z.enum(DOC_TYPES), lang: z.enum(API_LANGS) };

export const opsDocumentSchema = z.object({
  type: z.enum(DOC_TYPES),
  lang: z.enum(API_LANGS),
  title: z.string(),
  /** Markdown: `##` headings, paragraphs, lists; raw HTML is not rendered. */
  content: z.string(),
  updated_at: z.string(),
});
export type OpsDocument = z.infer<typeof opsDocumentSchema>;

export const documentInput = z.object({
  ...docKey,
  title: z.string().trim().min(1).max(DOC_TITLE_MAX_LENGTH),
  content: multiline(z.string().trim().min(1).max(DOC_CONTENT_MAX_LENGTH)),
});
export type DocumentInput = z.output<typeof documentInput>;

export const opsDocuments = defineCall({
  method: 'GET',
  path: '/api/ops/documents',
  auth: 'required',
  tag: 'ops',
  roles: OPS_STAFF,
  summary: 'Every document in every language: title, length and last change, without the text (admin or support)',
  data: z.array(opsDocumentSchema.omit({ content: true }).extend({ length: z.number().int() })),
});

export const opsDocument = defineCall({
  method: 'GET',
  path: '/api/ops/documents/detail',
  auth: 'required',
  tag: 'ops',
  roles: OPS_STAFF,
  summary: 'One document in one language, its Markdown included (admin or support)',
  query: z.object(docKey),
  data: opsDocumentSchema,
});

export const opsDocumentUpdate = defineCall({
  method: 'POST',
  path: '/api/ops/documents/update',
  auth: 'required',
  tag: 'ops',
  roles: OPS_ADMIN,
  summary: 'Replace one language of a document, title and Markdown (admin)',
  bodyLimit: DOC_BODY_LIMIT_BYTES,
  body: documentInput,
  data: opsDocumentSchema,
});

// ---- Banners --------------------------------------------------------------

export const bannerInput = z
  .object({
    position: z.enum(BANNER_POSITIONS),
    title: localizedInput(BANNER_TITLE_MAX_LENGTH),
    /** May be empty in every language. */
    subtitle: localizedInput(BANNER_SUBTITLE_MAX_LENGTH, { min: 0 }),
    image: urlOrPath.min(2),
    /** Where a tap leads: a path of the app or an http(s) URL; '' for nowhere. */
    link: z.union([z.literal(''), urlOrPath.min(2)]).default(''),
    sort: z.number().int().min(-1_000_000).max(1_000_000).default(0),
    active: z.boolean().default(true),
    /** Shown from / until these times; null for no bound. */
    starts_at: when.default(null),
    ends_at: when.default(null),
  })
  .refine((b) => !b.starts_at || !b.ends_at || Date.parse(b.starts_at) < Date.parse(b.ends_at), {
    message: 'ends_at must be after starts_at',
    path: ['ends_at'],
  });
export type BannerInput = z.output<typeof bannerInput>;

export const opsBannerSchema = z.object({
  id: z.number().int(),
  position: z.enum(BANNER_POSITIONS),
  title: localized,
  subtitle: localized,
  image: z.string(),
  link: z.string(),
  sort: z.number().int(),
  active: z.boolean(),
  starts_at: z.string().nullable(),
  ends_at: z.string().nullable(),
  created_at: z.string(),
});
export type OpsBanner = z.infer<typeof opsBannerSchema>;

export const opsBanners = defineCall({
  method: 'GET',
  path: '/api/ops/banners',
  auth: 'required',
  tag: 'ops',
  roles: OPS_STAFF,
  summary: 'Every banner, shown or not, of one position or all, in display order (admin or support)',
  query: z.object({ position: z.enum(BANNER_POSITIONS).optional() }),
  data: z.array(opsBannerSchema),
});

export const opsBannerCreate = defineCall({
  method: 'POST',
  path: '/api/ops/banners/create',
  auth: 'required',
  tag: 'ops',
  roles: OPS_ADMIN,
  summary: 'Add a banner with its three translations (admin)',
  body: bannerInput,
  data: opsBannerSchema,
});

export const opsBannerUpdate = defineCall({
  method: 'POST',
  path: '/api/ops/banners/update',
  auth: 'required',
  tag: 'ops',
  roles: OPS_ADMIN,
  summary: 'Replace a banner’s settings; `active: false` hides it and keeps it (admin)',
  body: bannerInput.and(z.object({ id: rowId })),
  data: opsBannerSchema,
});

export const opsBannerDelete = defineCall({
  method: 'POST',
  path: '/api/ops/banners/delete',
  auth: 'required',
  tag: 'ops',
  roles: OPS_ADMIN,
  summary: 'Delete a banner for good (admin)',
  body: z.object({ id: rowId }),
  data: z.object({ id: z.number().int() }),
});

// ---- Settings (the keyValue calls) --------------------------------------------

const settingValue = z.union([
  z.string().trim().max(SETTING_VALUE_MAX_LENGTH),
  localizedInput(SETTING_VALUE_MAX_LENGTH, { min: 0 }),
]);

export const opsSettingSchema = z.object({
  key: z.string(),
  /** One text for every language, or one per language. */
  value: z.union([z.string(), localized]),
  description: z.string(),
  updated_at: z.string(),
});
export type OpsSetting = z.infer<typeof opsSettingSchema>;

export const opsSettings = defineCall({
  method: 'GET',
  path: '/api/ops/settings',
  auth: 'required',
  tag: 'ops',
  roles: OPS_ADMIN,
  summary: 'The public settings the keyValue calls serve, by key; private ones stay with the CLI (admin)',
  data: z.array(opsSettingSchema),
});

export const opsSettingUpdate = defineCall({
  method: 'POST',
  path: '/api/ops/settings/update',
  auth: 'required',
  tag: 'ops',
  roles: OPS_ADMIN,
  summary: 'Change the value of an existing public setting: one text, or one per language (admin)',
  body: z.object({
    key: settingKey,
    value: settingValue,
  }),
  data: opsSettingSchema,
});

// ---- Categories --------------------------------------------------------------

export const opsCategorySchema = z.object({
  id: z.number().int(),
  key: z.string(),
  name: localized,
  sort: z.number().int(),
  /** Published videos in it. */
  post_num: z.number().int(),
});
export type OpsCategory = z.infer<typeof opsCategorySchema>;

const categoryFields = z.object({
  name: localizedInput(CATEGORY_NAME_MAX_LENGTH),
  sort: z.number().int().min(-1_000_000).max(1_000_000).default(0),
});

export const opsCategories = defineCall({
  method: 'GET',
  path: '/api/ops/categories',
  auth: 'required',
  tag: 'ops',
  roles: OPS_STAFF,
  summary: 'Video categories in display order, with all their translations (admin or support)',
  data: z.array(opsCategorySchema),
});

export const opsCategoryCreate = defineCall({
  method: 'POST',
  path: '/api/ops/categories/create',
  auth: 'required',
  tag: 'ops',
  roles: OPS_ADMIN,
  summary: 'Add a video category; its key is fixed once made (admin)',
  body: categoryFields.extend({
    key: z
      .string()
      .trim()
      .min(1)
      .max(32)
      .regex(/^[a-z0-9_-]+$/, 'must be lowercase letters, digits, - or _'),
  }),
  data: opsCategorySchema,
});

export const opsCategoryUpdate = defineCall({
  method: 'POST',
  path: '/api/ops/categories/update',
  auth: 'required',
  tag: 'ops',
  roles: OPS_ADMIN,
  summary: 'Rename or reorder a video category (admin)',
  body: categoryFields.extend({ id: rowId }),
  data: opsCategorySchema,
});

export const opsCategoryDelete = defineCall({
  method: 'POST',
  path: '/api/ops/categories/delete',
  auth: 'required',
  tag: 'ops',
  roles: OPS_ADMIN,
  summary: 'Delete a video category no video was ever filed under (admin)',
  body: z.object({ id: rowId }),
  data: z.object({ id: z.number().int() }),
});
