import { afterEach, beforeAll } from 'vitest';
import { cleanup } from '@testing-library/react';
import { loadAllTexts } from './shared/i18n/i18n';

// Components are tested one by one, outside the lazy chunks that load the rest of the texts in the app.
beforeAll(() => loadAllTexts());

afterEach(() => {
  cleanup();
  localStorage.clear();
});
