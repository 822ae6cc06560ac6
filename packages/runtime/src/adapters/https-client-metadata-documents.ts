import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { request } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import type { ClientMetadataDocuments, FetchedDocument } from '@condor/core';
import { isFetchableAddress } from './public-address.js';

/** How Client ID Metadata Documents are fetched. */
export interface ClientDocumentPolicy {
  /** Also fetch from loopback addresses: only a development server bound to loopback (local clients, tests). */
  readonly allowLoopback: boolean;
  /** The whole fetch, connection to last byte (default 5 s). */
  readonly timeoutMs?: number;
  /** The largest document read (default 16 KiB); a larger one is refused. */
  readonly maxBytes?: number;
  /** How long a fetched document is reused on this instance (default 5 minutes); failures are not kept. */
  readonly cacheMs?: number;
  /** Extra trusted certificates (PEM), for tests' own https servers. */
  readonly ca?: string;
}

/**
 * Fetches Client ID Metadata Documents over https with the limits the draft asks for (§6 SSRF): a GET that follows
 * no redirect, within a time and size limit, from a public address only — the address is checked after the DNS
 * answer and is the one connected to, so a name that resolves differently a second time gains nothing.
 */
export class HttpsClientMetadataDocuments implements ClientMetadataDocuments {
  private readonly cache = new Map<string, { readonly until: number; readonly document: unknown }>();

  constructor(
    private readonly policy: ClientDocumentPolicy,
    private readonly now: () => number,
  ) {}

  async fetch(url: string): Promise<FetchedDocument> {
    const cached = this.cache.get(url);
    if (cached !== undefined && cached.until > this.now()) return { ok: true, document: cached.document };
    const fetched = await fetchDocument(url, this.policy);
    if (fetched.ok) {
      if (this.cache.size > 1000) this.cache.clear();
      this.cache.set(url, { until: this.now() + (this.policy.cacheMs ?? 5 * 60_000), document: fetched.document });
    }
    return fetched;
  }
}

function fetchDocument(url: string, policy: ClientDocumentPolicy): Promise<FetchedDocument> {
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return Promise.resolve(refused('the client_id is not a URL'));
  }
  if (target.protocol !== 'https:') return Promise.resolve(refused('the client_id is not an https URL'));
  const host = target.hostname.replace(/^\[(.*)\]$/, '$1');
  if (isIP(host) !== 0 && !isFetchableAddress(host, policy.allowLoopback)) return Promise.resolve(refused('its host is not a public address'));
  const maxBytes = policy.maxBytes ?? 16 * 1024;
  return new Promise<FetchedDocument>((settle) => {
    let settled = false;
    const done = (outcome: FetchedDocument): void => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      settle(outcome);
    };
    const req = request(
      {
        host,
        port: target.port === '' ? 443 : Number(target.port),
        path: `${target.pathname}${target.search}`,
        method: 'GET',
        headers: { accept: 'application/json', 'user-agent': 'condor (OAuth client metadata)' },
        lookup: vettedLookup(policy.allowLoopback),
        ...(policy.ca === undefined ? {} : { ca: policy.ca }),
        agent: false,
      },
      (res) => {
        if (res.statusCode !== 200) {
          res.resume();
          done(refused(`the server answered ${String(res.statusCode)}${res.statusCode !== undefined && res.statusCode >= 300 && res.statusCode < 400 ? ' (redirects are not followed)' : ''}`));
          return;
        }
        if (!/\bjson\b/i.test(res.headers['content-type'] ?? '')) {
          res.resume();
          done(refused('the document is not JSON (Content-Type)'));
          return;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > maxBytes) {
            req.destroy();
            done(refused(`the document is larger than ${String(maxBytes)} bytes`));
            return;
          }
          chunks.push(chunk);
        });
        res.on('end', () => {
          try {
            done({ ok: true, document: JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown });
          } catch {
            done(refused('the document is not valid JSON'));
          }
        });
        res.on('error', () => {
          done(refused('the connection failed'));
        });
      },
    );
    const deadline = setTimeout(() => {
      req.destroy();
      done(refused('the server did not answer in time'));
    }, policy.timeoutMs ?? 5_000);
    req.on('error', (error) => {
      done(refused(error.message.startsWith('refused:') ? error.message.slice(9) : 'the connection failed'));
    });
    req.end();
  });
}

/** A DNS lookup that fails unless every address the name resolves to may be fetched. */
function vettedLookup(allowLoopback: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { all: true, family: options.family ?? 0 }, (error, addresses: LookupAddress[]) => {
      if (error !== null) {
        callback(error, '', 4);
        return;
      }
      if (addresses.length === 0 || addresses.some((a) => !isFetchableAddress(a.address, allowLoopback))) {
        callback(new Error('refused: its host resolves to an address that is not public'), '', 4);
        return;
      }
      if (options.all === true) (callback as unknown as (e: null, all: LookupAddress[]) => void)(null, addresses);
      else callback(null, addresses[0]?.address ?? '', addresses[0]?.family ?? 4);
    });
  };
}

const refused = (reason: string): FetchedDocument => ({ ok: false, reason });
