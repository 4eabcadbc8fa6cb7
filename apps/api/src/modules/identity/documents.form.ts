import { IDENTITY_DOCUMENT_MAX_BYTES, type IdentityDocumentKind } from '@sgx/contracts';
import type { FastifyRequest } from 'fastify';
import { badRequest } from '../../http/errors';
import { assertStorable } from '../../http/input';
import { imageKindOf } from '../uploads/images';

export type DocumentMime = 'image/jpeg' | 'image/png' | 'image/webp' | 'application/pdf';
export type DocumentFile = { kind: IdentityDocumentKind; mime: DocumentMime; data: Buffer };

const isPdf = (b: Buffer) => b.subarray(0, 5).toString('latin1') === '%PDF-';

/** The file's type by its content (never its name or declared type): JPEG, PNG, WebP, and PDF where allowed. */
function mimeOf(data: Buffer, pdf: boolean): DocumentMime | undefined {
  const image = imageKindOf(data);
  if (image && image.type !== 'image/gif') return image.type;
  return pdf && isPdf(data) ? 'application/pdf' : undefined;
}

/**
 * Reads an identity form: its text fields and the named files (`document`, `selfie`, `proof`), each at most 8 MB
 * and checked by its content like modules/uploads/images.ts does. A missing file is refused with its `message`.
 */
export async function readIdentityForm(
  request: FastifyRequest,
  files: Partial<Record<string, { kind: IdentityDocumentKind; pdf: boolean; message: string }>>,
): Promise<{ fields: Record<string, string>; documents: DocumentFile[] }> {
  if (!request.isMultipart()) throw badRequest('Send the form as multipart/form-data.');
  const fields: Record<string, string> = {};
  const received = new Map<string, Buffer>();
  const count = Object.keys(files).length;
  try {
    for await (const part of request.parts({
      limits: { fileSize: IDENTITY_DOCUMENT_MAX_BYTES, files: count, fields: 20, fieldSize: 10_000 },
    })) {
      if (part.type === 'file') {
        const data = await part.toBuffer();
        if (files[part.fieldname]) received.set(part.fieldname, data);
      } else {
        fields[part.fieldname] = String(part.value);
      }
    }
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw badRequest('A document file is at most 8 MB.');
    if (code === 'FST_FILES_LIMIT') throw badRequest('Send one file per document.');
    throw err;
  }
  assertStorable(fields);
  const documents: DocumentFile[] = [];
  for (const [field, spec] of Object.entries(files)) {
    if (!spec) continue;
    const data = received.get(field);
    if (!data || data.length === 0) throw badRequest(spec.message, { [field]: [spec.message] });
    const mime = mimeOf(data, spec.pdf);
    if (!mime) {
      const message = spec.pdf
        ? 'Only JPEG, PNG or WebP images or a PDF are accepted.'
        : 'Only JPEG, PNG or WebP images are accepted.';
      throw badRequest(
        spec.pdf
          ? 'Only JPEG, PNG or WebP images or a PDF are accepted.'
          : 'Only JPEG, PNG or WebP images are accepted.',
        { [field]: [message] },
      );
    }
    documents.push({ kind: spec.kind, mime, data });
  }
  return { fields, documents };
}
