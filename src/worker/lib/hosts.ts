/** Which hosts no visitor on the internet reaches, and which are placeholders: the settings check refuses both. */

const IPV4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;

/** Loopback, private, link-local, shared (CGNAT) and unspecified IPv4 ranges. */
function isPrivateIpv4(host: string): boolean {
  const match = host.match(IPV4);
  if (!match) return false;
  const [a = 0, b = 0] = match.slice(1, 3).map(Number);
  return (
    a === 0 ||
    a === 10 ||
    a === 127 ||
    (a === 100 && b >= 64 && b <= 127) ||
    (a === 169 && b === 254) ||
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 168)
  );
}

/** Loopback, unspecified, unique-local (fc00::/7), link-local (fe80::/10) and IPv4-mapped private IPv6 addresses. */
function isPrivateIpv6(host: string): boolean {
  const address = host.replace(/^\[|\]$/g, '').toLowerCase();
  if (!address.includes(':')) return false;
  if (address === '::1' || address === '::') return true;
  if (/^f[cd][0-9a-f]{0,2}:/.test(address) || /^fe[89ab][0-9a-f]?:/.test(address)) return true;
  const mapped = address.match(/^::ffff:(?:0:)?([0-9a-f]{1,4}):([0-9a-f]{1,4})$/);
  if (mapped) {
    const high = Number.parseInt(mapped[1] ?? '0', 16);
    const low = Number.parseInt(mapped[2] ?? '0', 16);
    return isPrivateIpv4(`${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`);
  }
  const dotted = address.match(/^::ffff:(?:0:)?(\d+\.\d+\.\d+\.\d+)$/);
  return dotted ? isPrivateIpv4(dotted[1] ?? '') : false;
}

/**
 * A host that no visitor on the internet reaches: localhost, a loopback or private address, a single-label
 * intranet name, or a name under a suffix for local networks.
 */
export function isLocalHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  if (isPrivateIpv4(host) || isPrivateIpv6(host)) return true;
  if (host.includes(':') || IPV4.test(host)) return false;
  return !host.includes('.') || /\.(?:local|internal|lan|home\.arpa|intranet|corp)$/.test(host);
}

/** A host reserved for documentation and tests (RFC 2606, RFC 6761): `example.*`, `.example`, `.test`, `.invalid`. */
export function isReservedHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  return /(?:^|\.)example\.[a-z]+$/.test(host) || /(?:^|\.)(?:example|test|invalid)$/.test(host);
}
