/**
 * Where uploaded avatars live, behind one small interface (put/get/delete by key): files under
 * DATA_DIR/uploads/avatars by default, or an S3-compatible bucket when S3_BUCKET is set (several app
 * instances then share the images). Keys are made by the service ("<userId>/<version>.webp"); a key
 * that could leave the folder is refused.
 */
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { dirname, join, resolve, sep } from 'node:path';
import type * as S3Sdk from '@aws-sdk/client-s3';
import type { Env } from '../../env';

/** A store of avatar images by key. */
export interface AvatarStorage {
  /** 'local' or 's3' (for logs and tests). */
  readonly kind: 'local' | 's3';
  /** Stores `bytes` under `key`, replacing what was there. */
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The bytes under `key`, or null when there are none. */
  get(key: string): Promise<Buffer | null>;
  /** Removes `key`; no error when it does not exist. */
  delete(key: string): Promise<void>;
}

/** Keys are relative paths of safe segments: letters, digits, . _ - (never "." or ".."). */
const SEGMENT = /^(?!\.{1,2}$)[A-Za-z0-9._-]{1,128}$/;

/** @throws Error for a key with an unsafe segment (a bug in the caller, never user input). */
function checkKey(key: string): string {
  const segments = key.split('/');
  if (segments.length > 4 || !segments.every((segment) => SEGMENT.test(segment))) throw new Error(`unsafe avatar key: ${JSON.stringify(key)}`);
  return key;
}

/** Files under `root` (DATA_DIR/uploads/avatars); writes go through a temporary file and a rename, so a reader never sees half an image. */
export function localAvatarStorage(root: string): AvatarStorage {
  const base = resolve(root);
  const pathOf = (key: string) => {
    const path = resolve(base, checkKey(key));
    if (!path.startsWith(`${base}${sep}`)) throw new Error(`unsafe avatar key: ${JSON.stringify(key)}`);
    return path;
  };
  return {
    kind: 'local',
    async put(key, bytes) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      const temporary = `${path}.${randomBytes(6).toString('hex')}.tmp`;
      await writeFile(temporary, bytes);
      await rename(temporary, path);
    },
    async get(key) {
      try {
        return await readFile(pathOf(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}

/** What the S3 adapter needs: the S3_* variables. */
export interface S3Settings {
  bucket: string;
  endpoint?: string;
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
  /** Prefix of every key in the bucket (default "avatars/"). */
  prefix?: string;
}

/**
 * An S3-compatible bucket (AWS S3, MinIO, R2…) through the AWS SDK; objects under `prefix`. The SDK is
 * loaded on first use, so installations on local files never pay for it at start.
 */
export function s3AvatarStorage(settings: S3Settings): AvatarStorage {
  const prefix = settings.prefix ?? 'avatars/';
  const Bucket = settings.bucket;
  let loaded: Promise<{ sdk: typeof S3Sdk; client: S3Sdk.S3Client }> | undefined;
  const s3 = () => (loaded ??= import('@aws-sdk/client-s3').then((sdk) => ({
    sdk,
    client: new sdk.S3Client({
      region: settings.region,
      endpoint: settings.endpoint,
      forcePathStyle: settings.forcePathStyle,
      // Checksums only where S3 requires them: many S3-compatible stores refuse the newer headers.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      credentials: settings.accessKeyId && settings.secretAccessKey
        ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey }
        : undefined,
    }),
  })));
  return {
    kind: 's3',
    async put(key, bytes, contentType) {
      const { sdk, client } = await s3();
      await client.send(new sdk.PutObjectCommand({ Bucket, Key: prefix + checkKey(key), Body: bytes, ContentType: contentType }));
    },
    async get(key) {
      const { sdk, client } = await s3();
      try {
        const object = await client.send(new sdk.GetObjectCommand({ Bucket, Key: prefix + checkKey(key) }));
        if (!object.Body) return null;
        return Buffer.from(await object.Body.transformToByteArray());
      } catch (error) {
        if (error instanceof sdk.NoSuchKey || (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404) return null;
        throw error;
      }
    },
    async delete(key) {
      const { sdk, client } = await s3();
      await client.send(new sdk.DeleteObjectCommand({ Bucket, Key: prefix + checkKey(key) }));
    },
  };
}

/** The storage the environment asks for: the S3 bucket when S3_BUCKET is set, else DATA_DIR/uploads/avatars. */
export function createAvatarStorage(env: Pick<Env, 'DATA_DIR' | 'S3_BUCKET' | 'S3_ENDPOINT' | 'S3_REGION' | 'S3_ACCESS_KEY_ID' | 'S3_SECRET_ACCESS_KEY' | 'S3_FORCE_PATH_STYLE'>): AvatarStorage {
  if (env.S3_BUCKET) {
    return s3AvatarStorage({
      bucket: env.S3_BUCKET, endpoint: env.S3_ENDPOINT, region: env.S3_REGION, accessKeyId: env.S3_ACCESS_KEY_ID,
      secretAccessKey: env.S3_SECRET_ACCESS_KEY, forcePathStyle: env.S3_FORCE_PATH_STYLE,
    });
  }
  return localAvatarStorage(join(env.DATA_DIR, 'uploads', 'avatars'));
}
