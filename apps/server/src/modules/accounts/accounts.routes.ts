import type { FastifyInstance } from 'fastify';
import { userCalls } from '@taice/contract';
import { AppError } from '../../platform/http/app-error';
import { registerCall } from '../../platform/http/call-routes';
import { currentUser } from '../../platform/http/auth';
import type { Avatars } from '../uploads/uploads.module';
import type { Accounts } from './accounts.service';
import { sessionMeta, type Sessions } from './sessions';
import type { UserProfiles } from './user-info';

export async function accountsRoutes(
  app: FastifyInstance,
  deps: { accounts: Accounts; sessions: Sessions; profiles: UserProfiles; avatars: Avatars },
) {
  const { accounts, sessions, profiles, avatars } = deps;
  registerCall(app, userCalls.sendEmailCode, async ({ body, request }) => {
    await accounts.sendEmailCode(body.email, body.type, request.ctx.lang, request.ip);
    return { countdown: 60 };
  });

  registerCall(app, userCalls.emailRegister, ({ body, request }) =>
    accounts.register(
      {
        email: body.email,
        code: body.code,
        password: body.password,
        inviteCode: body.invite_code,
        registerType: body.register_type,
      },
      sessionMeta(request),
    ),
  );

  registerCall(app, userCalls.emailLogin, ({ body, request }) => accounts.login(body, sessionMeta(request)));

  registerCall(app, userCalls.forgetPassword, async ({ body }) => {
    await accounts.resetPassword(body);
    return null;
  });

  registerCall(app, userCalls.logout, async ({ request }) => {
    if (request.ctx.bearerToken) await sessions.revoke(request.ctx.bearerToken);
    return null;
  });

  for (const call of [userCalls.userInfo, userCalls.getInfo]) {
    registerCall(app, call, ({ request }) => {
      const user = currentUser(request);
      return profiles.infoOf(user.id, user.loginType);
    });
  }

  registerCall(app, userCalls.userProfile, ({ query }) => profiles.publicProfile(query.id));

  registerCall(app, userCalls.infoStore, ({ body, request }) => {
    const user = currentUser(request);
    if (body.avatar !== undefined && !avatars.isOwn(user.id, body.avatar)) throw new AppError('avatar_not_uploaded');
    const { telegram_premium: telegramPremium, ...fields } = body;
    return accounts.updateProfile(user.id, user.loginType, {
      ...fields,
      ...(telegramPremium !== undefined ? { telegramPremium } : {}),
    });
  });

  registerCall(app, userCalls.emailStore, ({ body, request }) => {
    const user = currentUser(request);
    return accounts.addEmail(user.id, user.loginType, body);
  });

  registerCall(app, userCalls.completeGuide, ({ request }) => {
    const user = currentUser(request);
    return accounts.completeGuide(user.id, user.loginType);
  });

  registerCall(app, userCalls.registerVisit, async ({ query }) => {
    await accounts.countRegisterVisit(query.source);
    return null;
  });
}
