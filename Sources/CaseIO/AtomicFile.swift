import Foundation

/// Writes files so that a reader, or a crash, never sees half a file: write a temporary sibling, then rename.
public enum AtomicFile {
    public static func write(_ bytes: some DataProtocol, to path: String) throws(InputError) {
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent().path
        var isDirectory: ObjCBool = false
        if !FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory) {
            do {
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            } catch {
                throw InputError(file: path, message: "cannot create folder \(folder): \(error.localizedDescription)")
            }
        } else if !isDirectory.boolValue {
            throw InputError(file: path, message: "\(folder) is not a folder")
        }
        // The temporary file sits in the same folder so the rename stays on one file system and is atomic.
        let temporary = folder + "/." + url.lastPathComponent + ".tmp-\(getpid())-\(UInt64.random(in: 0...UInt64.max))"
        // Written with plain POSIX calls: Foundation's createFile writes through a temporary of its own
        // (`.dat.nosync…`), which a kill at the wrong moment leaves behind under a name no reader knows to skip.
        guard writeWhole(Data(bytes), to: temporary) else {
            unlink(temporary)
            throw InputError(file: path, message: "cannot write into \(folder) (permission denied or disk full?)")
        }
        guard rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw InputError(file: path, message: "cannot replace the file: \(reason)")
        }
    }

    /// Creates `path` (it must not exist) and writes every byte; false on any failure.
    private static func writeWhole(_ data: Data, to path: String) -> Bool {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        return data.withUnsafeBytes { buffer -> Bool in
            var offset = 0
            while offset < buffer.count {
                let written = Foundation.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return false
                }
                offset += written
            }
            return true
        }
    }
}
