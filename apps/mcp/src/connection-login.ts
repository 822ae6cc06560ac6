/**
 * The login a connection-oriented MCP transport (stdio) is bound to: the connection is the one place
 * the protocol still has a session, so a successful `login` there binds it and `logout` unbinds it.
 * Over HTTP every request stands alone and authenticates with its own Bearer token.
 */
export class ConnectionLogin {
  private token: string | null = null;

  /** The access token a login on this connection bound it to, or null. */
  boundToken(): string | null {
    return this.token;
  }

  /** Binds the connection to a token, or with null unbinds it. */
  bind(token: string | null): void {
    this.token = token;
  }
}
