import { describe, expect, it } from 'vitest';
import { fullName } from './address-card';

describe('a name on an address card', () => {
  it('is first then last name, and family name first without a space for a Chinese name in Chinese', () => {
    expect(fullName({ first_name: 'Ada', last_name: 'Lovelace' }, 'en')).toBe('Ada Lovelace');
    expect(fullName({ first_name: 'Ada', last_name: 'Lovelace' }, 'cn')).toBe('Ada Lovelace');
    expect(fullName({ first_name: '小明', last_name: '王' }, 'cn')).toBe('王小明');
    expect(fullName({ first_name: '小明', last_name: '王' }, 'en')).toBe('小明 王');
  });
});
