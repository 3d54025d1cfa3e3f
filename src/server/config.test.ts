import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';

describe('configuration (README "Configuration")', () => {
  it('defaults: port 3000, PGlite under ./data, demo logins on', () => {
    const c = loadConfig({});
    expect(c.port).toBe(3000);
    expect(c.databaseUrl).toBeUndefined();
    expect(c.dataDir).toMatch(/data[/\\]pglite$/);
    expect(c.uploadDir).toMatch(/data[/\\]uploads$/);
    expect(c.demo).toBe(true);
  });
  it('DATABASE_URL switches to PostgreSQL and turns demo logins off unless DEMO says so', () => {
    const url = 'postgres://u:p@127.0.0.1:5432/darta';
    expect(loadConfig({ DATABASE_URL: url })).toMatchObject({ databaseUrl: url, demo: false });
    expect(loadConfig({ DATABASE_URL: url, DEMO: 'true' }).demo).toBe(true);
    expect(loadConfig({ PORT: '8080', DATA_DIR: '/srv/darta' })).toMatchObject({
      port: 8080,
      dataDir: '/srv/darta/pglite',
    });
  });
  it('production requires a certificate signing key', () => {
    const { CERT_SIGNING_KEY: _k, ...noKey } = prod;
    expect(() => loadConfig(noKey)).toThrow(/CERT_SIGNING_KEY/);
    expect(loadConfig(prod).signingKey).toBe(prod.CERT_SIGNING_KEY);
  });

  it('payments: simulators outside production; production refuses them and local gateway URLs', () => {
    const dev = loadConfig({ PORT: '3100' });
    expect(dev.payments.simulate).toBe(true);
    expect(dev.payments.esewa).toMatchObject({
      formUrl: 'http://127.0.0.1:5001',
      productCode: 'EPAYTEST',
    });
    expect(dev.payments.khalti?.baseUrl).toBe('http://127.0.0.1:5002');
    // outside production a key alone falls back to the gateways' test hosts
    expect(loadConfig({ ESEWA_SECRET_KEY: 's' }).payments.esewa).toMatchObject({
      formUrl: 'https://rc-epay.esewa.com.np',
      statusUrl: 'https://rc.esewa.com.np',
      productCode: 'EPAYTEST',
    });
    // no gateway configured in production: online payment is simply not offered
    const plain = loadConfig(prod);
    expect(plain.payments).toMatchObject({ simulate: false, esewa: null, khalti: null });
    expect(() => loadConfig({ ...prod, GATEWAY_SIMULATORS: '1' })).toThrow(/simulators/);
    expect(() =>
      loadConfig({ ...prod, ...liveKhalti, KHALTI_BASE_URL: 'http://127.0.0.1:4902' }),
    ).toThrow(/KHALTI_BASE_URL points at a local simulator/);
    expect(() =>
      loadConfig({ ...prod, ...liveEsewa, ESEWA_FORM_URL: 'http://192.168.1.5:4901' }),
    ).toThrow(/ESEWA_FORM_URL points at a local simulator/);
  });
  it('messaging: the log driver by default; a real driver needs its credentials', () => {
    expect(loadConfig({}).messaging.smsDriver).toBe('log');
    expect(() => loadConfig({ SMS_DRIVER: 'sparrow' })).toThrow(/SPARROW_TOKEN/);
    expect(() => loadConfig({ SMS_DRIVER: 'aakash' })).toThrow(/AAKASH_TOKEN/);
    expect(() => loadConfig({ SMS_DRIVER: 'pigeon' })).toThrow(/SMS_DRIVER/);
    expect(loadConfig({ SMS_DRIVER: 'aakash', AAKASH_TOKEN: 't' }).messaging.aakash.token).toBe(
      't',
    );
  });
});

/** Safe production settings (issue 16 §1): each of the tests below changes one thing. */
const prod = {
  NODE_ENV: 'production',
  CERT_SIGNING_KEY: 'q3VtZ0x1c2R0aGlzaXNhcmFuZG9ta2V5Zm9ydGVzdHM=',
  PUBLIC_URL: 'https://darta.example.gov.np',
  SMS_DRIVER: 'aakash',
  AAKASH_TOKEN: 'aakash-token',
};
/** A live eSewa merchant's settings (developer.esewa.com.np "Epay-V2": production hosts). */
const liveEsewa = {
  ESEWA_SECRET_KEY: 'live-esewa-secret',
  ESEWA_PRODUCT_CODE: 'NP-ES-PALIKA',
  ESEWA_FORM_URL: 'https://epay.esewa.com.np',
  ESEWA_STATUS_URL: 'https://epay.esewa.com.np',
};
/** A live Khalti merchant's settings (docs.khalti.com "API Endpoints": Production). */
const liveKhalti = {
  KHALTI_SECRET_KEY: 'live_secret_key_0123456789',
  KHALTI_BASE_URL: 'https://khalti.com/api/v2',
};
/** loadConfig's error for `env`, or '' when it starts. */
const startupError = (env: Record<string, string>) => {
  try {
    loadConfig(env);
    return '';
  } catch (e) {
    return (e as Error).message;
  }
};

describe('payment gateways in production (issue 15 §3)', () => {
  it('live settings start, with exactly the URLs, code and keys given', () => {
    const c = loadConfig({ ...prod, ...liveEsewa, ...liveKhalti });
    expect(c.payments).toMatchObject({
      simulate: false,
      esewa: {
        formUrl: 'https://epay.esewa.com.np',
        statusUrl: 'https://epay.esewa.com.np',
        productCode: 'NP-ES-PALIKA',
        secretKey: 'live-esewa-secret',
      },
      khalti: { baseUrl: 'https://khalti.com/api/v2', secretKey: 'live_secret_key_0123456789' },
    });
  });

  it('only ESEWA_SECRET_KEY set: the form and status URLs and the product code are startup errors, not test hosts', () => {
    const message = startupError({ ...prod, ESEWA_SECRET_KEY: 'live-esewa-secret' });
    expect(message).toMatch(/Refusing to start/);
    expect(message).toMatch(/ESEWA_FORM_URL must be set in production/);
    expect(message).toMatch(/ESEWA_STATUS_URL must be set in production/);
    expect(message).toMatch(/ESEWA_PRODUCT_CODE must be set in production/);
    expect(message).not.toMatch(/rc-epay/);
    // each one given: it starts
    expect(startupError({ ...prod, ...liveEsewa })).toBe('');
    const { ESEWA_PRODUCT_CODE: _code, ...noCode } = liveEsewa;
    expect(startupError({ ...prod, ...noCode })).toMatch(/^- ESEWA_PRODUCT_CODE must be set/m);
  });

  it('only KHALTI_SECRET_KEY set: KHALTI_BASE_URL is a startup error, not the sandbox', () => {
    expect(startupError({ ...prod, KHALTI_SECRET_KEY: 'live_secret_key_0123456789' })).toMatch(
      /KHALTI_BASE_URL must be set in production/,
    );
    expect(startupError({ ...prod, ...liveKhalti })).toBe('');
  });

  it.each([
    ['ESEWA_FORM_URL', 'https://rc-epay.esewa.com.np'],
    ['ESEWA_FORM_URL', 'https://uat.esewa.com.np'],
    ['ESEWA_STATUS_URL', 'https://rc.esewa.com.np'],
    ['ESEWA_STATUS_URL', 'https://uat-status.example.np'],
    ['ESEWA_STATUS_URL', 'https://rc-anything.esewa.com.np'],
  ])('an eSewa test host is refused: %s=%s', (name, url) => {
    expect(startupError({ ...prod, ...liveEsewa, [name]: url })).toMatch(
      new RegExp(`${name} points at a test or sandbox host`),
    );
    expect(startupError({ ...prod, ...liveEsewa, [name]: url, GATEWAY_MODE: 'test' })).toBe('');
  });

  it.each([
    'https://a.khalti.com/api/v2',
    'https://dev.khalti.com/api/v2',
    'https://test-pay.khalti.com',
    'https://sandbox.khalti.com/api/v2',
  ])('a Khalti sandbox host is refused: %s', (url) => {
    expect(startupError({ ...prod, ...liveKhalti, KHALTI_BASE_URL: url })).toMatch(
      /KHALTI_BASE_URL points at a test or sandbox host/,
    );
    expect(
      startupError({ ...prod, ...liveKhalti, KHALTI_BASE_URL: url, GATEWAY_MODE: 'test' }),
    ).toBe('');
  });

  it("eSewa's test product code EPAYTEST is refused (either case), a merchant code is not", () => {
    for (const code of ['EPAYTEST', 'epaytest'])
      expect(startupError({ ...prod, ...liveEsewa, ESEWA_PRODUCT_CODE: code })).toMatch(
        /ESEWA_PRODUCT_CODE is eSewa's test code EPAYTEST/,
      );
    expect(startupError({ ...prod, ...liveEsewa, ESEWA_PRODUCT_CODE: 'EPAYTEST2X' })).toBe('');
    expect(
      startupError({ ...prod, ...liveEsewa, ESEWA_PRODUCT_CODE: 'EPAYTEST', GATEWAY_MODE: 'test' }),
    ).toBe('');
  });

  it("eSewa's documented test secret key is refused", () => {
    const test = { ...prod, ...liveEsewa, ESEWA_SECRET_KEY: '8gBm/:&EnhH.1/q' };
    expect(startupError(test)).toMatch(/ESEWA_SECRET_KEY is eSewa's published test key/);
    expect(startupError({ ...test, GATEWAY_MODE: 'test' })).toBe('');
    expect(startupError({ ...test, ESEWA_SECRET_KEY: '8gBm/:&EnhH.1/qX' })).toBe('');
  });

  it("the simulator's Khalti key is refused", () => {
    const test = { ...prod, ...liveKhalti, KHALTI_SECRET_KEY: 'test_secret_key_darta_simulator' };
    expect(startupError(test)).toMatch(/KHALTI_SECRET_KEY is the local simulator's key/);
    expect(startupError({ ...test, GATEWAY_MODE: 'test' })).toBe('');
  });

  it('the simulators are refused in production unless GATEWAY_MODE=test', () => {
    expect(startupError({ ...prod, GATEWAY_SIMULATORS: '1' })).toMatch(
      /the gateway simulators cannot run in production/,
    );
    const staging = loadConfig({ ...prod, GATEWAY_SIMULATORS: '1', GATEWAY_MODE: 'test' });
    expect(staging.payments).toMatchObject({
      simulate: true,
      esewa: { formUrl: 'http://127.0.0.1:4901', productCode: 'EPAYTEST' },
      khalti: { baseUrl: 'http://127.0.0.1:4902' },
    });
    expect(startupError({ ...prod, GATEWAY_SIMULATORS: '0' })).toBe('');
  });

  it('GATEWAY_MODE=test lets a production build use the test gateways with only the keys set', () => {
    const c = loadConfig({ ...prod, GATEWAY_MODE: 'test', ESEWA_SECRET_KEY: '8gBm/:&EnhH.1/q' });
    expect(c.payments.esewa).toMatchObject({
      formUrl: 'https://rc-epay.esewa.com.np',
      statusUrl: 'https://rc.esewa.com.np',
      productCode: 'EPAYTEST',
    });
    // GATEWAY_MODE=live is production's default; anything else is a typo
    expect(startupError({ ...prod, ...liveEsewa, GATEWAY_MODE: 'live' })).toBe('');
    expect(startupError({ ...prod, GATEWAY_MODE: 'sandbox' })).toMatch(/GATEWAY_MODE must be/);
    // outside production nothing is refused
    expect(startupError({ ESEWA_SECRET_KEY: '8gBm/:&EnhH.1/q', GATEWAY_SIMULATORS: '1' })).toBe('');
  });

  it('every problem is listed in one error', () => {
    const message = startupError({
      ...prod,
      ESEWA_SECRET_KEY: '8gBm/:&EnhH.1/q',
      ESEWA_PRODUCT_CODE: 'EPAYTEST',
      ESEWA_FORM_URL: 'https://rc-epay.esewa.com.np',
      ESEWA_STATUS_URL: 'not a url',
      KHALTI_SECRET_KEY: 'k',
      KHALTI_BASE_URL: 'https://a.khalti.com/api/v2',
    });
    const orTest = 'or GATEWAY_MODE=test to use test gateways on purpose';
    expect(message.split('\n- ').slice(1)).toEqual([
      `ESEWA_FORM_URL points at a test or sandbox host: https://rc-epay.esewa.com.np: set the live address, e.g. ESEWA_FORM_URL=https://epay.esewa.com.np, ${orTest}`,
      'ESEWA_STATUS_URL is not a URL: "not a url": set the live address, e.g. ESEWA_STATUS_URL=https://epay.esewa.com.np',
      `KHALTI_BASE_URL points at a test or sandbox host: https://a.khalti.com/api/v2: set the live address, e.g. KHALTI_BASE_URL=https://khalti.com/api/v2, ${orTest}`,
      `ESEWA_PRODUCT_CODE is eSewa's test code EPAYTEST: set the merchant code eSewa gave you, ${orTest}`,
      `ESEWA_SECRET_KEY is eSewa's published test key: set the secret key eSewa gave you, ${orTest}`,
    ]);
  });
});

describe('scaling-out settings (docs/deployment.md)', () => {
  it('STORAGE: local by default; s3 needs a bucket, a URL endpoint and both keys or none', () => {
    expect(loadConfig({}).storage).toEqual({ kind: 'local' });
    expect(
      loadConfig({
        STORAGE: 's3',
        S3_BUCKET: 'darta',
        S3_ENDPOINT: 'http://10.0.0.20:9000',
        S3_ACCESS_KEY_ID: 'id',
        S3_SECRET_ACCESS_KEY: 'secret',
        S3_PREFIX: 'darta/',
      }).storage,
    ).toEqual({
      kind: 's3',
      bucket: 'darta',
      endpoint: 'http://10.0.0.20:9000',
      region: 'us-east-1',
      credentials: { accessKeyId: 'id', secretAccessKey: 'secret' },
      forcePathStyle: true,
      prefix: 'darta/',
    });
    // AWS itself: virtual-host style, the SDK's own credential chain
    expect(
      loadConfig({ STORAGE: 's3', S3_BUCKET: 'b', S3_REGION: 'ap-south-1' }).storage,
    ).toMatchObject({ region: 'ap-south-1', forcePathStyle: false, credentials: undefined });
    expect(() => loadConfig({ STORAGE: 'ftp' })).toThrow(/STORAGE must be local or s3/);
    expect(() => loadConfig({ STORAGE: 's3' })).toThrow(/S3_BUCKET/);
    expect(() => loadConfig({ STORAGE: 's3', S3_BUCKET: 'b', S3_ENDPOINT: 'minio:9000' })).toThrow(
      /S3_ENDPOINT/,
    );
    expect(() => loadConfig({ STORAGE: 's3', S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'id' })).toThrow(
      /together/,
    );
    expect(() => loadConfig({ STORAGE: 's3', S3_BUCKET: 'b', S3_FORCE_PATH_STYLE: 'yes' })).toThrow(
      /S3_FORCE_PATH_STYLE/,
    );
  });

  it('TRUST_PROXY: loopback by default, addresses or true/false, never a hop count', () => {
    expect(loadConfig({}).trustProxy).toBe('loopback');
    expect(loadConfig({ TRUST_PROXY: '10.0.0.10, 10.0.1.0/24' }).trustProxy).toBe(
      '10.0.0.10, 10.0.1.0/24',
    );
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(() => loadConfig({ TRUST_PROXY: '2' })).toThrow(/hop count/);
  });

  it('RATE_LIMIT_STORE: unset (chosen by database kind), database or memory', () => {
    expect(loadConfig({}).rateLimitStore).toBeUndefined();
    expect(loadConfig({ RATE_LIMIT_STORE: 'memory' }).rateLimitStore).toBe('memory');
    expect(() => loadConfig({ RATE_LIMIT_STORE: 'redis' })).toThrow(/RATE_LIMIT_STORE/);
  });
});

describe('safe production start (issue 16 §1)', () => {
  it('safe settings start: no demo logins, even on PGlite, and the https public address', () => {
    const c = loadConfig(prod);
    expect(c).toMatchObject({
      production: true,
      demo: false,
      databaseUrl: undefined,
      publicUrl: 'https://darta.example.gov.np',
    });
    expect(loadConfig({ ...prod, DEMO: 'false' }).demo).toBe(false);
    expect(loadConfig({ ...prod, PUBLIC_URL: 'https://darta.example.gov.np/' }).publicUrl).toBe(
      'https://darta.example.gov.np',
    );
  });

  it.each([
    [
      'DEMO=true',
      { DEMO: 'true' },
      /^- DEMO=true would create the demo logins.*npm run create-admin/m,
    ],
    ['DEMO=1', { DEMO: '1' }, /^- DEMO=1 would create the demo logins/m],
    [
      'PUBLIC_URL unset',
      { PUBLIC_URL: undefined },
      /^- PUBLIC_URL is not set: set it to the https address/m,
    ],
    [
      'PUBLIC_URL http',
      { PUBLIC_URL: 'http://darta.example.gov.np' },
      /^- PUBLIC_URL must be an https address, not "http:\/\/darta.example.gov.np": set e.g. PUBLIC_URL=https:/m,
    ],
    [
      'PUBLIC_URL not a URL',
      { PUBLIC_URL: 'darta.example.gov.np' },
      /^- PUBLIC_URL must be an https address/m,
    ],
    [
      'CERT_SIGNING_KEY unset',
      { CERT_SIGNING_KEY: undefined },
      /^- CERT_SIGNING_KEY is not set: set it to a random secret \(e\.g\. the output of `openssl rand -base64 32`/m,
    ],
    [
      'CERT_SIGNING_KEY short',
      { CERT_SIGNING_KEY: 'secret' },
      /^- CERT_SIGNING_KEY has 6 characters: set at least 32/m,
    ],
    [
      'CERT_SIGNING_KEY the dev key',
      { CERT_SIGNING_KEY: 'darta-dev-signing-key' },
      /^- CERT_SIGNING_KEY is the development key/m,
    ],
    [
      'SMS_DRIVER unset',
      { SMS_DRIVER: undefined },
      /^- SMS_DRIVER is log \(the default\), which writes sign-up and password codes to the server log.*: set SMS_DRIVER=sparrow with SPARROW_TOKEN and SPARROW_FROM, or SMS_DRIVER=aakash with AAKASH_TOKEN$/m,
    ],
    ['SMS_DRIVER=log', { SMS_DRIVER: 'log' }, /^- SMS_DRIVER is log, which writes/m],
    [
      'SMS_DRIVER=aakash without its token',
      { AAKASH_TOKEN: undefined },
      /^- SMS_DRIVER=aakash needs AAKASH_TOKEN/m,
    ],
    [
      'gateway simulators',
      { GATEWAY_SIMULATORS: '1' },
      /^- GATEWAY_SIMULATORS: the gateway simulators cannot run in production: remove GATEWAY_SIMULATORS/m,
    ],
  ])('refuses %s with one line saying what to set', (_name, change, line) => {
    const env: Record<string, string | undefined> = { ...prod, ...change };
    const message = startupError(
      Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined)) as Record<
        string,
        string
      >,
    );
    expect(message).toMatch(
      /^Refusing to start in production \(NODE_ENV=production\)\. Fix each line:\n- /,
    );
    expect(message).toMatch(line);
    // exactly one problem: the heading and one line
    expect(message.split('\n')).toHaveLength(2);
  });

  it('every problem at once: one error, one line each', () => {
    const message = startupError({
      NODE_ENV: 'production',
      DEMO: 'true',
      GATEWAY_SIMULATORS: '1',
    });
    const lines = message.split('\n').slice(1);
    expect(lines.map((l) => /^- ([A-Z_]+)/.exec(l)?.[1])).toEqual([
      'DEMO',
      'CERT_SIGNING_KEY',
      'SMS_DRIVER',
      'PUBLIC_URL',
      'GATEWAY_SIMULATORS',
    ]);
  });

  it('outside production none of this is refused', () => {
    expect(loadConfig({ DEMO: 'true', GATEWAY_SIMULATORS: '1' })).toMatchObject({
      production: false,
      demo: true,
      publicUrl: 'http://localhost:3000',
      signingKey: 'darta-dev-signing-key',
      messaging: { smsDriver: 'log' },
    });
  });
});
