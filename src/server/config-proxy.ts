/** A setting the server cannot start with: the message names the variable, in Vietnamese. */
export class ConfigError extends Error {}

type Env = Record<string, string | undefined>;

const IPV4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;
function isAddressOrRange(value: string): boolean {
  const [address, bits, extra] = value.split('/');
  if (extra !== undefined) return false;
  const v4 = IPV4.exec(address);
  if (v4) {
    if (v4.slice(1).some((o) => Number(o) > 255)) return false;
    return bits === undefined || (/^\d{1,2}$/.test(bits) && Number(bits) <= 32);
  }
  if (/^[0-9a-f:]+$/i.test(address) && address.includes(':'))
    return bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= 128);
  return false;
}

/**
 * TRUST_PROXY: off (default), a hop count (`1`: one reverse proxy in front), or the proxies' addresses
 * and CIDR ranges (`10.0.0.0/8,192.168.1.5`). `on` means one hop: trusting every hop would let any
 * client choose its own address with a forged X-Forwarded-For.
 */
export function trustProxy(env: Env): false | number | string[] {
  const raw = (env.TRUST_PROXY ?? '').trim();
  if (raw === '' || /^(0|false|off|no)$/i.test(raw)) return false;
  if (/^(true|on|yes)$/i.test(raw)) return 1;
  if (/^\d+$/.test(raw)) {
    const hops = Number(raw);
    if (hops >= 1 && hops <= 10) return hops;
  } else {
    const list = raw
      .split(',')
      .map((p) => p.trim())
      .filter(Boolean);
    if (list.length && list.every(isAddressOrRange)) return list;
  }
  throw new ConfigError(
    `TRUST_PROXY="${raw}" không hợp lệ: dùng off, số proxy đứng trước (1-10) hoặc địa chỉ/CIDR của proxy, ví dụ 10.0.0.0/8`,
  );
}

/**
 * A hop count trusts that many addresses at the end of the chain (the socket's peer first), as
 * Express does; Fastify's own numeric option trusts none. A list is handed over as it is.
 */
export function trustProxyOption(trust: false | number | string[]) {
  if (typeof trust === 'number') return (_address: string, hop: number) => hop < trust;
  return trust;
}
