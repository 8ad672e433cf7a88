import { DOMParser } from '@xmldom/xmldom';

/**
 * AWS's query APIs answer in XML. A field is read by its element name wherever it is, which is how AWS's
 * documents are shaped: each name means one thing in one response.
 */
export interface AwsXml {
  text(name: string): string | undefined;
  /** Every element of this name, each readable the same way (e.g. each DBInstance of a listing). */
  all(name: string): AwsXml[];
}

const wrap = (element: Element | Document): AwsXml => ({
  text: (name) => element.getElementsByTagName(name)[0]?.textContent ?? undefined,
  all: (name) => Array.from(element.getElementsByTagName(name)).map(wrap),
});

/** Parses an AWS response; a body that is not XML reads as empty, so callers report the missing field. */
export function parseAwsXml(xml: string): AwsXml {
  try {
    return wrap(new DOMParser({ errorHandler: () => undefined }).parseFromString(xml, 'text/xml'));
  } catch {
    return { text: () => undefined, all: () => [] };
  }
}

/** The message of an AWS error response (<Error><Code/><Message/></Error>), for saying what AWS refused. */
export const awsErrorMessage = (xml: AwsXml): string => [xml.text('Code'), xml.text('Message')].filter(Boolean).join(': ');
