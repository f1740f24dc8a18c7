// The browser's side of passkeys (WebAuthn): whether this page can use them, and the two
// ceremonies, turning the server's options (JSON, binary fields in base64url) into what
// navigator.credentials takes and its answers back into JSON. The authenticator is the
// platform's choice: a fingerprint here, a security key, or a phone by the browser's own
// cross-device flow.

// Why passkeys can't work on this page ("ip", "insecure", "browser"), or null where they can.
// A passkey belongs to a host name: not to an IP address, and only in a secure context
// (https, or localhost).
export function unavailable() {
  const host = location.hostname;
  if (/^[\d.]+$/.test(host) || host.includes(":") || host.startsWith("[")) return "ip";
  if (!window.isSecureContext) return "insecure";
  if (!window.PublicKeyCredential || !navigator.credentials) return "browser";
  return null;
}

/** @param {string} text */
export function fromBase64url(text) {
  const plain = text.replace(/-/g, "+").replace(/_/g, "/");
  const padded = plain + "=".repeat((4 - (plain.length % 4)) % 4);
  return Uint8Array.from(atob(padded), (c) => c.charCodeAt(0));
}

/** @param {ArrayBuffer | null} buffer */
export function toBase64url(buffer) {
  if (!buffer) return null;
  let text = "";
  for (const byte of new Uint8Array(buffer)) text += String.fromCharCode(byte);
  return btoa(text).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

const listed = (list) => (list || []).map((c) => ({ ...c, id: fromBase64url(c.id) }));

// A new passkey for the server's registration options: the answer to send back.
export async function create(options) {
  const made = await navigator.credentials.create({
    publicKey: {
      ...options,
      challenge: fromBase64url(options.challenge),
      user: { ...options.user, id: fromBase64url(options.user.id) },
      excludeCredentials: listed(options.excludeCredentials),
    },
  });
  const response = made.response;
  return {
    ...answered(made),
    response: {
      clientDataJSON: toBase64url(response.clientDataJSON),
      attestationObject: toBase64url(response.attestationObject),
      transports: response.getTransports ? response.getTransports() : [],
    },
  };
}

// A signature by a passkey the person picks (none is named: the authenticator offers those
// it holds for this site): the answer to send back.
export async function get(options) {
  const used = await navigator.credentials.get({
    publicKey: {
      ...options,
      challenge: fromBase64url(options.challenge),
      allowCredentials: listed(options.allowCredentials),
    },
  });
  const response = used.response;
  return {
    ...answered(used),
    response: {
      clientDataJSON: toBase64url(response.clientDataJSON),
      authenticatorData: toBase64url(response.authenticatorData),
      signature: toBase64url(response.signature),
      userHandle: toBase64url(response.userHandle),
    },
  };
}

function answered(credential) {
  return {
    id: credential.id,
    rawId: toBase64url(credential.rawId),
    type: credential.type,
    authenticatorAttachment: credential.authenticatorAttachment || undefined,
    clientExtensionResults: credential.getClientExtensionResults(),
  };
}
