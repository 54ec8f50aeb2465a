import type { Request, Response } from 'express';
import multer, { MulterError, type StorageEngine } from 'multer';
import { AppError, ValidationError } from './errors.ts';

/**
 * One uploaded file, received with multer. The file is counted to its end but only kept while it is within
 * `maxBytes`, so a refusal can name the exact size without holding the whole oversized file in memory; past
 * `hardLimitBytes` the upload is cut off and the size is taken from Content-Length.
 */
export type UploadedFile = { fieldName: string; originalName: string; size: number; bytes: Buffer };

type Counted = { size: number; kept: Buffer | null };

function countingStorage(maxBytes: number): StorageEngine {
  return {
    _handleFile(_req, file, callback) {
      const chunks: Buffer[] = [];
      let size = 0;
      file.stream.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size <= maxBytes) chunks.push(chunk);
      });
      file.stream.on('error', (error) => callback(error));
      file.stream.on('end', () => {
        const counted: Counted = { size, kept: size <= maxBytes ? Buffer.concat(chunks) : null };
        callback(null, counted as unknown as Partial<Express.Multer.File>);
      });
    },
    _removeFile(_req, _file, callback) {
      callback(null);
    },
  };
}

export type FileUploadOptions = {
  maxBytes: number;
  /** upload cut-off (default four times maxBytes) */
  hardLimitBytes?: number;
  tooBig(sizeBytes: number): string;
  oneFileMessage: string;
};

export function receiveSingleFile(req: Request, res: Response, options: FileUploadOptions): Promise<UploadedFile> {
  const hardLimit = options.hardLimitBytes ?? options.maxBytes * 4;
  const tooBig = (size: number) =>
    new AppError(413, 'payload_too_large', options.tooBig(size), {
      errors: [{ path: 'file', message: options.tooBig(size) }],
    });
  const oneFile = () =>
    new ValidationError(options.oneFileMessage, [{ path: 'file', message: options.oneFileMessage }]);
  const upload = multer({
    storage: countingStorage(options.maxBytes),
    limits: { files: 1, fileSize: hardLimit, fields: 20, fieldSize: 64 * 1024, parts: 25 },
  }).any();

  return new Promise((resolve, reject) => {
    if (!req.is('multipart/form-data')) {
      reject(oneFile());
      return;
    }
    upload(req, res, (error: unknown) => {
      if (error instanceof MulterError) {
        if (error.code === 'LIMIT_FILE_SIZE') return reject(tooBig(Number(req.get('content-length') ?? hardLimit)));
        if (error.code === 'LIMIT_FILE_COUNT' || error.code === 'LIMIT_UNEXPECTED_FILE') return reject(oneFile());
        return reject(
          new ValidationError(`The upload was refused: ${error.message}`, [{ path: 'file', message: error.message }]),
        );
      }
      if (error)
        return reject(
          new ValidationError('The upload could not be read', [{ path: 'file', message: 'Malformed multipart body' }]),
        );
      const files = (req.files ?? []) as unknown as Array<Express.Multer.File & Counted>;
      const [file] = files;
      if (files.length !== 1 || !file) return reject(oneFile());
      if (file.kept === null || file.size > options.maxBytes) return reject(tooBig(file.size));
      resolve({ fieldName: file.fieldname, originalName: file.originalname, size: file.size, bytes: file.kept });
    });
  });
}
