/** Where a stored file's bytes and thumbnail are served (the Files API); safe to use in components. */
export function fileContentUrl(fileId: string): string {
  return `/api/v1/files/${encodeURIComponent(fileId)}/content`
}

export function fileThumbnailUrl(fileId: string): string {
  return `/api/v1/files/${encodeURIComponent(fileId)}/thumbnail`
}

/** A stored file with the addresses of its bytes and (when it has one) its thumbnail. */
export const withFileUrls = <File extends { id: string; hasThumbnail: boolean }>(file: File) => ({
  ...file,
  contentUrl: fileContentUrl(file.id),
  thumbnailUrl: file.hasThumbnail ? fileThumbnailUrl(file.id) : null,
})
