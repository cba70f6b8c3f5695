import Foundation
import Testing

/// A small HTTP/1.1 server on a free port of 127.0.0.1 (python3, one thread a connection) that
/// answers every request with one fixed reply, and keeps each request line in a log: a Spotify
/// or a token service that misbehaves in one exact way (a body that trickles, a 503, a redirect).
struct HTTPStub {
    /// What the stub answers. `trickle` sends the head at once and the body one byte a second.
    struct Reply: Encodable {
        var status: Int
        var headers: [String: String] = [:]
        var body: String = ""
        var trickle = false
    }

    let process: ChildProcess
    let port: Int
    let logPath: String
    /// `http://127.0.0.1:PORT`, or `https://` with a certificate.
    let url: URL

    /// Starts the stub, with TLS when `certificate` is given (a ``TestCertificate`` for 127.0.0.1).
    static func start(in directory: String, _ reply: Reply, certificate: TestCertificate? = nil) async throws -> HTTPStub {
        let logPath = directory + "/stub-\(UUID().uuidString).log"
        _ = FileManager.default.createFile(atPath: logPath, contents: Data())
        var spec = try #require(try JSONSerialization.jsonObject(with: JSONEncoder().encode(reply)) as? [String: Any])
        spec["log"] = logPath
        if let certificate { spec["cert"] = certificate.certificate; spec["key"] = certificate.key }
        let argument = String(decoding: try JSONSerialization.data(withJSONObject: spec), as: UTF8.self)
        let output = try ChildPipe()
        let process = try ChildProcess("/usr/bin/env", ["python3", "-c", script, argument], environment: ["PATH": "/usr/bin:/bin"],
                                       output: output.write)
        try output.write.close()
        guard let port = await firstLine(output.read).flatMap({ Int($0) }),
              let url = URL(string: "\(certificate == nil ? "http" : "https")://127.0.0.1:\(port)")
        else {
            process.send(SIGKILL)
            throw ProcessTimeout(arguments: ["the HTTP stub did not start"])
        }
        return HTTPStub(process: process, port: port, logPath: logPath, url: url)
    }

    /// The request lines it was sent (`POST /refresh HTTP/1.1`), oldest first.
    func requests() -> [String] {
        let text = (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").map(String.init)
    }

    func stop() {
        process.send(SIGKILL)
        _ = process.waitUntilExit()
    }

    private static let script = """
        import json, socket, ssl, sys, threading, time
        spec = json.loads(sys.argv[1])
        server = socket.socket(); server.bind(("127.0.0.1", 0)); server.listen(16)
        context = None
        if spec.get("cert"):
            context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER); context.load_cert_chain(spec["cert"], spec["key"])
        print(server.getsockname()[1], flush=True)
        def serve(connection):
            try:
                if context: connection = context.wrap_socket(connection, server_side=True)
                data = b""
                while b"\\r\\n\\r\\n" not in data:
                    chunk = connection.recv(4096)
                    if not chunk: return
                    data += chunk
                head, _, rest = data.partition(b"\\r\\n\\r\\n")
                lines = head.decode("latin-1").split("\\r\\n")
                length = 0
                for line in lines[1:]:
                    name, _, value = line.partition(":")
                    if name.strip().lower() == "content-length": length = int(value.strip())
                while len(rest) < length:
                    chunk = connection.recv(4096)
                    if not chunk: break
                    rest += chunk
                with open(spec["log"], "a") as log: log.write(lines[0] + "\\n")
                body = spec.get("body", "").encode()
                out = "HTTP/1.1 %d Stub\\r\\n" % spec["status"]
                for name, value in spec.get("headers", {}).items(): out += "%s: %s\\r\\n" % (name, value)
                out += "Content-Length: %d\\r\\nConnection: close\\r\\n\\r\\n" % len(body)
                connection.sendall(out.encode())
                if spec.get("trickle"):
                    # A body that trickles, a byte a second: the pace is the input.
                    for index in range(len(body)):
                        connection.sendall(body[index:index + 1]); time.sleep(1)
                else:
                    connection.sendall(body)
                connection.close()
            except Exception:
                pass
        while True:
            connection, _ = server.accept()
            threading.Thread(target=serve, args=(connection,), daemon=True).start()
        """
}

/// The first line of a pipe, or nil at its end, read on a thread of its own (see `readToEnd`).
private func firstLine(_ handle: FileHandle) async -> String? {
    await withCheckedContinuation { continuation in
        Thread {
            var bytes: [UInt8] = []
            while true {
                let chunk = handle.readData(ofLength: 1)
                guard let byte = chunk.first else {
                    continuation.resume(returning: bytes.isEmpty ? nil : String(decoding: bytes, as: UTF8.self))
                    return
                }
                if byte == UInt8(ascii: "\n") { break }
                bytes.append(byte)
            }
            continuation.resume(returning: String(decoding: bytes, as: UTF8.self))
        }.start()
    }
}
