/**
 * The error codes condor's authorization server answers with: RFC 6749 §4.1.2.1 and §5.2, RFC 7591 §3.2.2 and
 * RFC 8707 §2 (`invalid_target`). The OAuth endpoints speak these, not condor's ErrorResult: clients parse them.
 */
export type OAuthErrorCode =
  | 'invalid_request'
  | 'invalid_client'
  | 'invalid_grant'
  | 'unauthorized_client'
  | 'unsupported_grant_type'
  | 'unsupported_response_type'
  | 'invalid_scope'
  | 'invalid_target'
  | 'access_denied'
  | 'invalid_redirect_uri'
  | 'invalid_client_metadata'
  | 'server_error';

/** An OAuth refusal: its code and a sentence for the developer (`error_description`). */
export interface OAuthFailure {
  readonly error: OAuthErrorCode;
  readonly description: string;
}

export const oauthFailure = (error: OAuthErrorCode, description: string): OAuthFailure => ({ error, description });
