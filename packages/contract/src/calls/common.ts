import { z } from 'zod';
import { defineCall } from '../call';

export const countrySchema = z.object({ code: z.string(), name: z.string() });
export const countryInfoSchema = countrySchema.extend({
  dial_code: z.string(),
  flag: z.string(),
});
export type CountryInfo = z.infer<typeof countryInfoSchema>;

export const countryList = defineCall({
  method: 'GET',
  path: '/api/common/country/list',
  auth: 'none',
  tag: 'common',
  summary: 'Every country (ISO 3166-1 alpha-2) with its name in the request language',
  data: z.array(countrySchema),
});

export const countryInfoList = defineCall({
  method: 'GET',
  path: '/api/common/country-info/list',
  auth: 'none',
  tag: 'common',
  summary: 'Every country with its international dial code and flag, for phone inputs',
  data: z.array(countryInfoSchema),
});
