# Embeds a file into the binary with the assembler's .incbin, so the app needs no
# file beside it at run time and the compiler never parses a huge byte array.
# Defines `extern "C" const unsigned char <symbol>[]` and `<symbol>_size`.
function(embed_file target symbol file)
  set(asm "${CMAKE_CURRENT_BINARY_DIR}/embed_${symbol}.S")
  file(WRITE "${asm}.in"
    "    .section .rodata\n"
    "    .global ${symbol}\n"
    "    .global ${symbol}_size\n"
    "    .balign 16\n"
    "${symbol}:\n"
    "    .incbin \"${file}\"\n"
    "    .byte 0\n"
    "    .balign 8\n"
    "${symbol}_size:\n"
    "    .quad ${symbol}_size - ${symbol} - 1\n"
    "    .section .note.GNU-stack,\"\",@progbits\n")
  configure_file("${asm}.in" "${asm}" COPYONLY)
  set_source_files_properties("${asm}" PROPERTIES OBJECT_DEPENDS "${file}")
  target_sources(${target} PRIVATE "${asm}")
endfunction()
