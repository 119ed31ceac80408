import { beforeAll, describe, expect, it } from 'vitest';
import { errorCode, POST_MAX_TAGS, POST_TITLE_MAX_LENGTH } from '@taice/contract';
import { ApiError } from '../../shared/api/client';
import { i18n, i18nReady } from '../../shared/i18n/i18n';
import { addTags, EMPTY_POST, fieldOfRefusal, postInput, postProblems, type PostValues } from './post-form';

const valid: PostValues = { ...EMPTY_POST, title: 'A day at the sea', category_id: 3 };

beforeAll(async () => {
  await i18nReady;
});

describe('the post form', () => {
  it('names every problem at once, each on its field, in the user language', async () => {
    await i18n.changeLanguage('en');
    expect(postProblems(EMPTY_POST)).toEqual({ title: 'Give your video a title', category_id: 'Choose a category' });
    await i18n.changeLanguage('cn');
    expect(postProblems({ ...EMPTY_POST, title: '   ' })).toEqual({
      title: '请填写视频标题',
      category_id: '请选择分类',
    });
    await i18n.changeLanguage('en');
  });

  it('refuses what the server would: over-long texts and tags, control characters, a frame that is not there', () => {
    expect(postProblems({ ...valid, title: 'x'.repeat(POST_TITLE_MAX_LENGTH + 1) }).title).toBe(
      `At most ${POST_TITLE_MAX_LENGTH} characters`,
    );
    expect(postProblems({ ...valid, title: 'bad\u0007bell' }).title).toBe('Contains a character that is not allowed');
    expect(postProblems({ ...valid, description: 'two\nlines' })).toEqual({});
    expect(postProblems({ ...valid, tags: ['x'.repeat(31)] }).tags).toMatch(/at most 30 characters/);
    expect(postProblems({ ...valid, cover: { kind: 'frame', index: 4 } }, 4).cover).toBe('Choose a cover');
    expect(postProblems(valid)).toEqual({});
  });

  it('turns typed text into tags: commas of either script, no repeats, no #, at most the limit', () => {
    expect(addTags([], ' #Travel, sea，海边、 ,travel')).toEqual(['Travel', 'sea', '海边']);
    const many = addTags([], Array.from({ length: 15 }, (_, i) => `t${i}`).join(','));
    expect(many).toHaveLength(POST_MAX_TAGS);
  });

  it('sends the trimmed values, the frame or the uploaded image, and the AI flag as 0 or 1', () => {
    expect(postInput('abcdefgh12', { ...valid, title: ' Sea ', tags: ['sea'], ai_generated: true })).toEqual({
      upload_id: 'abcdefgh12',
      title: 'Sea',
      description: '',
      category_id: 3,
      tags: ['sea'],
      cover_frame: 0,
      ai_generated: 1,
    });
    const withImage = postInput('abcdefgh12', { ...valid, cover: { kind: 'image', url: '/media/covers/1/a.webp' } });
    expect(withImage.cover_url).toBe('/media/covers/1/a.webp');
    expect(withImage).not.toHaveProperty('cover_frame');
    expect(withImage.ai_generated).toBe(0);
  });

  it('puts a refusal of the server on the field it is about', () => {
    expect(fieldOfRefusal(new ApiError(errorCode('studio_cover_invalid'), 'x'))).toBe('cover');
    expect(fieldOfRefusal(new ApiError(422, 'title: is required', { field: 'title' }))).toBe('title');
    expect(fieldOfRefusal(new ApiError(422, 'x', { field: 'tags.2' }))).toBe('tags');
    expect(fieldOfRefusal(new ApiError(422, 'x', { field: 'cover_frame' }))).toBe('cover');
    expect(fieldOfRefusal(new ApiError(errorCode('studio_upload_not_ready'), 'x'))).toBeNull();
    expect(fieldOfRefusal(new Error('x'))).toBeNull();
  });
});
