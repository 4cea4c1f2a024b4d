// Makes a VAPID key pair for Web Push (decision record 038): the public key as browsers take it (VAPID_PUBLIC_KEY,
// a var) and the private key (VAPID_PRIVATE_KEY, a secret). Each run makes a new pair; once browsers subscribed
// with one, a new pair makes their subscriptions fail (the push services answer 401/403), so keep it.
const { subtle } = globalThis.crypto;
const pair = await subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, ['sign']);
const publicKey = Buffer.from(await subtle.exportKey('raw', pair.publicKey)).toString('base64url');
const { d } = await subtle.exportKey('jwk', pair.privateKey);
console.log(`VAPID_PUBLIC_KEY=${publicKey}`);
console.log(`VAPID_PRIVATE_KEY=${d}`);
