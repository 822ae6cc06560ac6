/** Why a message was not sent. Messages are the server's words with the password taken out. */
export type MailFailure =
  /** The server refused the user and password. */
  | { readonly kind: 'auth_failed'; readonly message: string }
  /** The server refused this message for good (5xx): sending it again gets the same answer. */
  | { readonly kind: 'rejected'; readonly responseCode: number; readonly message: string }
  /** A temporary refusal (4xx) or no server, TLS or connection: worth trying later. */
  | { readonly kind: 'unavailable'; readonly message: string; readonly responseCode?: number };
