import type { FastifyInstance } from 'fastify';
import { commonCalls } from '@taice/contract';
import { registerCall } from '../../platform/http/call-routes';
import { countriesIn } from './countries.service';

export async function countriesRoutes(app: FastifyInstance) {
  registerCall(app, commonCalls.countryList, ({ request }) =>
    countriesIn(request.ctx.lang).map(({ code, name }) => ({ code, name })),
  );
  registerCall(app, commonCalls.countryInfoList, ({ request }) => countriesIn(request.ctx.lang));
}
