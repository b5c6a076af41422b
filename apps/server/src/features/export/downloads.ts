/**
 * At most one data download per reader at a time: each one reads the reader's whole history from the
 * database for as long as it streams. Per process, like the stream itself.
 */
export function oneDownloadPerReader() {
  const streaming = new Set<number>();
  return {
    /** Claims the reader's download slot: the release to call once the download ends, or null while one runs. */
    claim(userId: number): (() => void) | null {
      if (streaming.has(userId)) return null;
      streaming.add(userId);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        streaming.delete(userId);
      };
    },
  };
}
