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
        guard FileManager.default.createFile(atPath: temporary, contents: Data(bytes)) else {
            throw InputError(file: path, message: "cannot write into \(folder) (permission denied or disk full?)")
        }
        guard rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw InputError(file: path, message: "cannot replace the file: \(reason)")
        }
    }
}
