/**
 * Endpoints of account (server: modules/account/credential-routes.ts, modules/account/sign-in-routes.ts, modules/account/user-routes.ts).
 */

import { z } from 'zod';
import {
  captchaData,
  changePasswordBody,
  encryptedBody,
  loginData,
  menuItem,
  publicKeyData,
  refreshMathBody,
  signupData,
  userInfo,
  userTimezoneBody,
} from '../account.ts';
import { userLanguageBody } from '../notifications.ts';
import { twoFactorChallengeData } from '../security.ts';
import { defineEndpoint } from './define.ts';

export const accountEndpoints = {
  publicKey: defineEndpoint({
    method: 'GET',
    path: '/api/v1/user/get_key',
    caller: 'public',
    data: publicKeyData,
  }),
  captcha: defineEndpoint({
    method: 'POST',
    path: '/v1/passport/captcha/gen_math',
    caller: 'public',
    data: captchaData,
  }),
  captchaRefresh: defineEndpoint({
    method: 'POST',
    path: '/v1/passport/captcha/refresh_math',
    caller: 'public',
    body: refreshMathBody,
    data: captchaData,
  }),
  login: defineEndpoint({
    method: 'POST',
    path: '/v1/passport/user/login',
    caller: 'public',
    body: encryptedBody,
    data: z.union([loginData, twoFactorChallengeData]),
  }),
  sendEmailCode: defineEndpoint({
    method: 'POST',
    path: '/v1/passport/captcha/send_email',
    caller: 'public',
    body: encryptedBody,
    data: z.null(),
  }),
  forgotPassword: defineEndpoint({
    method: 'POST',
    path: '/v1/passport/password/forgot',
    caller: 'public',
    body: encryptedBody,
    data: z.null(),
  }),
  signup: defineEndpoint({
    method: 'POST',
    path: '/v1/passport/user/signup',
    caller: 'public',
    body: encryptedBody,
    data: signupData,
  }),
  logout: defineEndpoint({
    method: 'POST',
    path: '/v1/passport/user/logout',
    caller: 'session',
    data: z.null(),
  }),
  changePassword: defineEndpoint({
    method: 'PUT',
    path: '/api/v1/user/password',
    caller: 'session',
    body: changePasswordBody,
    data: z.null(),
  }),
  userInfo: defineEndpoint({
    method: 'GET',
    path: '/api/v1/user/user_info',
    caller: 'session',
    data: z.array(userInfo),
  }),
  setTimezone: defineEndpoint({
    method: 'PUT',
    path: '/api/v1/user/timezone',
    caller: 'session',
    body: userTimezoneBody,
    data: userInfo,
  }),
  setLanguage: defineEndpoint({
    method: 'PUT',
    path: '/api/v1/user/language',
    caller: 'session',
    body: userLanguageBody,
    data: z.null(),
  }),
  menu: defineEndpoint({
    method: 'GET',
    path: '/api/v1/user/menu',
    caller: 'session',
    data: z.array(menuItem),
  }),
};
