"""C-heap buffers for tests that hand memory to the C core.

Buffers come from malloc at exactly the size asked for, so a sanitized build
(scripts/sanitize.sh) sees any access past them; ``ffi.new`` carves small
buffers out of Python's own allocator, which AddressSanitizer does not watch.
"""

import cffi

_libc = cffi.FFI()
_libc.cdef("void *malloc(size_t size); void free(void *pointer);")


def c_heap_allocator(ffi):
    """An ``ffi.new``-like allocator on the C heap (``ffi.new`` where there is
    no ``dlopen(None)``, as on Windows)."""
    try:
        library = _libc.dlopen(None)
    except OSError:
        return ffi.new
    return ffi.new_allocator(alloc=library.malloc, free=library.free)
