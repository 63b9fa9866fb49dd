import { createHash, generateKeyPairSync, randomBytes, sign } from 'node:crypto';
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { isoCBOR } from '@simplewebauthn/server/helpers';

// A passkey authenticator in software, for the server's tests: it answers the panel's WebAuthn options as a
// phone would (ES256, user present and verified, no attestation), so registration, login and the passkey
// check run through the server's real verification. It can also answer as a copied passkey (its counter
// gone back) or with a signature that does not match.

const FLAG_USER_PRESENT = 0x01;
const FLAG_USER_VERIFIED = 0x04;
const FLAG_ATTESTED = 0x40;

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest();
const base64url = (data: Uint8Array) => Buffer.from(data).toString('base64url');
const uint32 = (value: number) => {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(value);
  return bytes;
};

export interface SoftPasskey {
  /** The credential id, base64url, as the server stores it. */
  id: string;
  /** What the authenticator's counter says at its next use: one more than at its last. */
  counter: number;
  register(options: PublicKeyCredentialCreationOptionsJSON): RegistrationResponseJSON;
  authenticate(
    options: PublicKeyCredentialRequestOptionsJSON,
    tamper?: { counter?: number; badSignature?: boolean },
  ): AuthenticationResponseJSON;
}

/** A new passkey for the panel at `origin` (its relying party `rpId`). */
export function softPasskey(origin: string, rpId: string): SoftPasskey {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const { x, y } = publicKey.export({ format: 'jwk' });
  // The COSE key: EC2 (1: 2), ES256 (3: -7), P-256 (-1: 1), its x and y.
  const coseKey = new Map<number, number | Uint8Array>([
    [1, 2],
    [3, -7],
    [-1, 1],
    [-2, Buffer.from(x!, 'base64url')],
    [-3, Buffer.from(y!, 'base64url')],
  ]);
  const credentialId = randomBytes(16);
  const clientData = (type: string, challenge: string) =>
    Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  const authenticatorData = (flags: number, counter: number, attested = Buffer.alloc(0)) =>
    Buffer.concat([sha256(rpId), Buffer.from([flags]), uint32(counter), attested]);

  const passkey: SoftPasskey = {
    id: base64url(credentialId),
    counter: 1,
    register(options) {
      const length = Buffer.alloc(2);
      length.writeUInt16BE(credentialId.length);
      const attested = Buffer.concat([
        Buffer.alloc(16),
        length,
        credentialId,
        Buffer.from(isoCBOR.encode(coseKey)),
      ]);
      const flags = FLAG_USER_PRESENT | FLAG_USER_VERIFIED | FLAG_ATTESTED;
      const attestationObject = isoCBOR.encode(
        new Map<string, string | Map<string, number> | Uint8Array>([
          ['fmt', 'none'],
          ['attStmt', new Map<string, number>()],
          ['authData', authenticatorData(flags, 0, attested)],
        ]),
      );
      return {
        id: passkey.id,
        rawId: passkey.id,
        type: 'public-key',
        response: {
          clientDataJSON: base64url(clientData('webauthn.create', options.challenge)),
          attestationObject: base64url(attestationObject),
          transports: ['internal'],
        },
        clientExtensionResults: {},
      };
    },
    authenticate(options, tamper = {}) {
      const counter = tamper.counter ?? passkey.counter;
      if (tamper.counter === undefined) passkey.counter += 1;
      const data = authenticatorData(FLAG_USER_PRESENT | FLAG_USER_VERIFIED, counter);
      const client = clientData('webauthn.get', options.challenge);
      const signed = Buffer.concat([data, sha256(client)]);
      const signature = sign('sha256', tamper.badSignature ? sha256(signed) : signed, privateKey);
      return {
        id: passkey.id,
        rawId: passkey.id,
        type: 'public-key',
        response: {
          clientDataJSON: base64url(client),
          authenticatorData: base64url(data),
          signature: base64url(signature),
        },
        clientExtensionResults: {},
      };
    },
  };
  return passkey;
}
