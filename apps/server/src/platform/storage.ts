import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * Where uploaded and generated files live. Keys are paths like
 * `avatars/12/ab3f.webp`; `publicUrl` is where browsers fetch them.
 */
export interface Storage {
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  publicUrl(key: string): string;
}

/** Files under a local directory, served by the server itself on `/media/`. */
export function localStorage(root: string): Storage & { root: string } {
  return {
    root,
    async put(key, data) {
      const file = path.join(root, key);
      if (!file.startsWith(root + path.sep)) throw new Error(`storage key escapes the root: ${key}`);
      await fs.mkdir(path.dirname(file), { recursive: true });
      await fs.writeFile(file, data);
    },
    publicUrl(key) {
      return `/media/${key}`;
    },
  };
}
