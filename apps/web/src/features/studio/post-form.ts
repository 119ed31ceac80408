import {
  COVER_FRAME_COUNT,
  errorCode,
  isSafeText,
  POST_DESCRIPTION_MAX_LENGTH,
  POST_MAX_TAGS,
  POST_TAG_MAX_LENGTH,
  POST_TITLE_MAX_LENGTH,
  type CallBody,
  type studioCalls,
} from '@taice/contract';
import { ApiError } from '../../shared/api/client';
import { i18n } from '../../shared/i18n/i18n';

/** What `userPost/storePost` takes. */
export type PostInput = CallBody<typeof studioCalls.storePost>;

/** The cover: one of the generated frames (by index), or an image the creator uploaded. */
export type Cover = { kind: 'frame'; index: number } | { kind: 'image'; url: string };

/** What the post form edits. */
export interface PostValues {
  title: string;
  description: string;
  category_id: number | null;
  tags: string[];
  cover: Cover;
  ai_generated: boolean;
}

export type PostField = 'title' | 'description' | 'category_id' | 'tags' | 'cover';

/** The form's fields in their order on screen. */
export const POST_FIELDS = ['title', 'description', 'category_id', 'tags', 'cover'] as const satisfies PostField[];

export type PostProblems = Partial<Record<PostField, string>>;

export const EMPTY_POST: PostValues = {
  title: '',
  description: '',
  category_id: null,
  tags: [],
  cover: { kind: 'frame', index: 0 },
  ai_generated: false,
};

/** A tag as it is kept: trimmed, without a leading '#', inner spaces folded to one. */
export function normalTag(text: string): string {
  return text.trim().replace(/^#+/, '').replace(/\s+/g, ' ').trim();
}

/**
 * The tags after adding what was typed: it may hold several, separated by commas (Latin or Chinese) or line
 * breaks. Empty pieces and tags already there (whatever their case) are left out; the list stops at
 * POST_MAX_TAGS. Tags longer than POST_TAG_MAX_LENGTH are kept, for the form to point at.
 */
export function addTags(tags: string[], typed: string): string[] {
  const next = [...tags];
  for (const piece of typed.split(/[,，、\n]/)) {
    const tag = normalTag(piece);
    if (!tag || next.some((t) => t.toLowerCase() === tag.toLowerCase())) continue;
    if (next.length >= POST_MAX_TAGS) break;
    next.push(tag);
  }
  return next;
}

/**
 * Every problem of the form at once, each on its field, in the user's language: a missing title or category,
 * a text over its limit or with a character the server refuses, too many or too long tags, a frame that is
 * not there. Empty when the server would accept it.
 */
export function postProblems(values: PostValues, frameCount: number = COVER_FRAME_COUNT): PostProblems {
  const t = i18n.t.bind(i18n);
  const problems: PostProblems = {};
  const title = values.title.trim();
  if (!title) problems.title = t('studio.form.titleRequired');
  else if (title.length > POST_TITLE_MAX_LENGTH)
    problems.title = t('studio.form.tooLong', { max: POST_TITLE_MAX_LENGTH });
  else if (!isSafeText(title)) problems.title = t('studio.form.badCharacter');
  const description = values.description.trim();
  if (description.length > POST_DESCRIPTION_MAX_LENGTH) {
    problems.description = t('studio.form.tooLong', { max: POST_DESCRIPTION_MAX_LENGTH });
  } else if (!isSafeText(description, true)) problems.description = t('studio.form.badCharacter');
  if (values.category_id === null) problems.category_id = t('studio.form.categoryRequired');
  if (values.tags.length > POST_MAX_TAGS) problems.tags = t('studio.form.tooManyTags', { max: POST_MAX_TAGS });
  else if (values.tags.some((tag) => tag.length > POST_TAG_MAX_LENGTH)) {
    problems.tags = t('studio.form.tagTooLong', { max: POST_TAG_MAX_LENGTH });
  } else if (values.tags.some((tag) => !isSafeText(tag))) problems.tags = t('studio.form.badCharacter');
  if (values.cover.kind === 'frame' && (values.cover.index < 0 || values.cover.index >= Math.max(1, frameCount))) {
    problems.cover = t('studio.form.coverRequired');
  }
  return problems;
}

/** The call's body for `values` of the upload `uploadId` (the form has no problems). */
export function postInput(uploadId: string, values: PostValues): PostInput {
  return {
    upload_id: uploadId,
    title: values.title.trim(),
    description: values.description.trim(),
    category_id: values.category_id!,
    tags: values.tags,
    ...(values.cover.kind === 'frame' ? { cover_frame: values.cover.index } : { cover_url: values.cover.url }),
    ai_generated: values.ai_generated ? 1 : 0,
  };
}

const FIELD_OF_CODE = new Map<number, PostField>([[errorCode('studio_cover_invalid'), 'cover']]);

/** The field a refusal of `storePost` is about, if any: by its code, or by the field a validation failure names. */
export function fieldOfRefusal(error: unknown): PostField | null {
  if (!(error instanceof ApiError)) return null;
  const byCode = FIELD_OF_CODE.get(error.code);
  if (byCode) return byCode;
  const named = (error.data as { field?: unknown } | null)?.field;
  if (typeof named !== 'string') return null;
  if (named === 'cover_frame' || named === 'cover_url') return 'cover';
  const root = named.split('.')[0]!;
  return (POST_FIELDS as readonly string[]).includes(root) ? (root as PostField) : null;
}
