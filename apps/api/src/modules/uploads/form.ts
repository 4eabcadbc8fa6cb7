import type { FastifyRequest } from 'fastify';
import { badRequest } from '../../http/errors';
import { assertStorable } from '../../http/input';
import { MAX_IMAGE_BYTES } from './images';

/** Reads a multipart form with text fields and at most one file in the field `image`. */
export async function readImageForm(
  request: FastifyRequest,
): Promise<{ fields: Record<string, string>; image: Buffer | undefined }> {
  if (!request.isMultipart()) throw badRequest('Send the form as multipart/form-data.');
  const fields: Record<string, string> = {};
  let image: Buffer | undefined;
  try {
    for await (const part of request.parts({
      limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 20, fieldSize: 10_000 },
    })) {
      if (part.type === 'file') {
        const data = await part.toBuffer();
        if (part.fieldname === 'image') image = data;
      } else {
        fields[part.fieldname] = String(part.value);
      }
    }
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE')
      throw badRequest('The image is larger than 2 MB.', { image: ['The image is larger than 2 MB.'] });
    if (code === 'FST_FILES_LIMIT')
      throw badRequest('Send one image only.', { image: ['Send one image only.'] });
    throw err;
  }
  assertStorable(fields);
  return { fields, image };
}
