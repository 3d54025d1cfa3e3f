/**
 * What the two payment gateways share: the error every network or protocol failure becomes
 * (callers leave the payment pending and the re-check job asks again), and the JSON call with
 * a 10 s timeout.
 */
export class GatewayError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'GatewayError';
  }
}

/** How long a gateway call may take before it counts as a failure (ms). */
const TIMEOUT_MS = 10_000;

/** A JSON request to a gateway; GatewayError on no answer, a non-JSON answer or a non-2xx status. */
export async function callJson(url: string, init: RequestInit): Promise<Record<string, unknown>> {
  let res: Response;
  try {
    res = await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch (e) {
    throw new GatewayError(`gateway unreachable: ${(e as Error).name}`);
  }
  const text = await res.text();
  let body: Record<string, unknown>;
  try {
    body = JSON.parse(text) as Record<string, unknown>;
  } catch {
    throw new GatewayError(`gateway answered ${res.status} without JSON`);
  }
  if (!res.ok) throw new GatewayError(`gateway answered ${res.status}: ${text.slice(0, 200)}`);
  return body;
}
