"""What a clerk does, one function each: typed values in, a typed outcome out, the checks, the
transaction and the work that follows inside. The command line, the desk and the workers call
these and read or show nothing else of the layers below.

The register (noticeclerk.register) keeps the storage and the queries; the renderer, the
archive and the dispatchers are called from here, never from the register.
"""
