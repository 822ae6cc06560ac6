import * as v from 'valibot';

export const Email = v.pipe(
  v.string(),
  v.trim(),
  v.toLowerCase(),
  v.maxLength(254),
  v.email(),
  v.description('The account email address.'),
);

export const NewPassword = v.pipe(
  v.string(),
  v.minLength(12, 'password must be at least 12 characters long.'),
  v.maxLength(256, 'password must be at most 256 characters long.'),
  v.description('At least 12 characters. Never logged or echoed.'),
);

export const Password = v.pipe(v.string(), v.minLength(1), v.maxLength(256), v.description('The account password.'));

export const RefreshToken = v.pipe(
  v.string(),
  v.minLength(1),
  v.maxLength(512),
  v.description('The refresh token from login or the previous refresh_session. Single use.'),
);

export const UserView = v.object({
  user_id: v.pipe(v.string(), v.uuid()),
  email: v.string(),
  tier: v.picklist(['free', 'premium']),
  created_at: v.pipe(v.string(), v.isoTimestamp()),
});

export const SessionTokens = v.object({
  access_token: v.pipe(v.string(), v.description('Send as Authorization: Bearer <access_token>.')),
  token_type: v.literal('Bearer'),
  expires_in: v.pipe(v.number(), v.description('Seconds until the access token expires.')),
  refresh_token: v.pipe(v.string(), v.description('Single use: exchange it with refresh_session for new tokens.')),
  refresh_expires_in: v.number(),
  user: UserView,
});

export type SessionTokensOutput = v.InferOutput<typeof SessionTokens>;
