import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { SIGN_WINDOW_SECONDS } from '@taice/contract';

const description = `
Every response is \`{code, msg, data}\` with HTTP 200; \`code\` 0 is success, 401 means "log in again",
any other code carries a readable \`msg\` in the language of the \`lang\` header (en_US, zh-CN, zh-TW).

Every call is signed: \`timestamp\` (Unix seconds), \`nonce\` (8-64 of A-Z a-z 0-9 _ -), \`device_id\` and
\`sign\` = hex SHA-256 of timestamp + nonce + secret, in the query string for GET and in the JSON body otherwise.
The timestamp must be within ${SIGN_WINDOW_SECONDS} s of the server clock and a nonce is accepted once.

Other headers: \`Authorization: Bearer <token>\`, \`Timezone\` (IANA name), \`App-Type\` (web or tg_mini).
`;

export const openApi = fp(
  async (app) => {
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: { title: 'TAICE API', version: '1.0.0', description },
        components: {
          securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
        },
      },
      transform: jsonSchemaTransform,
    });
    await app.register(swaggerUi, { routePrefix: '/api/docs' });
  },
  { name: 'openapi' },
);
