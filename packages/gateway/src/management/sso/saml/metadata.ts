// node-saml's own XML helpers (xmldom with its safety checks, and xpath), so metadata is read the way responses are.
import { parseDomFromString, xpath } from '@node-saml/node-saml/lib/xml.js';

/** What the gateway needs from an identity provider's SAML metadata. */
export interface IdpMetadata {
  entityId: string;
  /** Where the AuthnRequest goes (HTTP-Redirect binding). */
  ssoUrl: string;
  /** The certificates (base64 DER, as in the metadata) the IdP signs responses or assertions with. */
  signingCerts: string[];
}

const redirectBinding = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect';

/** Reads an EntityDescriptor; throws an Error saying what is missing. */
export async function parseIdpMetadata(xml: string): Promise<IdpMetadata> {
  let doc: Document;
  try {
    doc = await parseDomFromString(xml);
  } catch (err) {
    throw new Error(`the metadata is not XML (${err instanceof Error ? err.message : String(err)})`, { cause: err });
  }
  const descriptor = xpath.selectElements(doc, "//*[local-name()='EntityDescriptor']")[0];
  const entityId = descriptor?.getAttribute('entityID');
  if (!descriptor || !entityId) throw new Error('the metadata has no EntityDescriptor with an entityID');
  const idp = xpath.selectElements(descriptor, "./*[local-name()='IDPSSODescriptor']")[0];
  if (!idp) throw new Error('the metadata has no IDPSSODescriptor: it does not describe an identity provider');
  const ssoUrl = xpath
    .selectElements(idp, "./*[local-name()='SingleSignOnService']")
    .find((e) => e.getAttribute('Binding') === redirectBinding)
    ?.getAttribute('Location');
  if (!ssoUrl) throw new Error('the metadata has no SingleSignOnService with the HTTP-Redirect binding');
  const signingCerts = xpath
    .selectElements(idp, "./*[local-name()='KeyDescriptor']")
    .filter((k) => k.getAttribute('use') !== 'encryption')
    .flatMap((k) => xpath.selectElements(k, ".//*[local-name()='X509Certificate']"))
    .map((c) => (c.textContent ?? '').replace(/\s+/g, ''))
    .filter((c) => c !== '');
  if (signingCerts.length === 0) throw new Error('the metadata has no signing certificate (KeyDescriptor with an X509Certificate)');
  return { entityId, ssoUrl, signingCerts };
}
