# Build and install libstiffdae the way C and Fortran libraries are installed:
#
#   make install PREFIX=/usr/local        (DESTDIR is honoured for packaging)
#
# lib/libstiffdae.so.$(VERSION) with SONAME libstiffdae.so.0 and the links .so.0 and .so,
# lib/libstiffdae.a, include/stiffdae.h, lib/pkgconfig/stiffdae.pc,
# lib/cmake/stiffdae/stiffdae{Config,ConfigVersion}.cmake and the Fortran module source
# share/stiffdae/stiffdae.f90. The shared library is stripped and built with the `dist`
# profile (release with fat LTO). In the static library the C library names Rust's
# compiler_builtins defines (capi/libm-symbols.txt) are made local, so that a program's
# calls of cbrt, fmod, round… keep binding to the C library's.
#
# Beside it, the same library for programs compiled with 64-bit default INTEGER
# (gfortran -fdefault-integer-8, ifort -i8): lib/libstiffdae64.so.$(VERSION) (SONAME
# libstiffdae64.so.0, links .so.0 and .so), lib/libstiffdae64.a and
# lib/pkgconfig/stiffdae64.pc, built with `--features int64` in its own target directory;
# the CMake package offers it as stiffdae::stiffdae64 and stiffdae::static64.

PREFIX ?= /usr/local
LIBDIR ?= $(PREFIX)/lib
INCLUDEDIR ?= $(PREFIX)/include
DATADIR ?= $(PREFIX)/share
CARGO ?= cargo
VERSION := $(shell sed -n 's/^version = "\(.*\)"/\1/p' Cargo.toml | head -n 1)
RELEASE := target/dist
INT64_TARGET := target/int64
RELEASE64 := $(INT64_TARGET)/dist
# What a program linking the static library needs besides it
# (`rustc --print native-static-libs`).
NATIVE_LIBS := -lgcc_s -lutil -lrt -lpthread -lm -ldl

.PHONY: all install uninstall

all:
	$(CARGO) build --profile dist -p stiffdae-capi --lib
	$(CARGO) build --profile dist -p stiffdae-capi --lib --features int64 --target-dir $(INT64_TARGET)

define configure_file
	@sed -e 's|@PREFIX@|$(PREFIX)|g' -e 's|@LIBDIR@|$(LIBDIR)|g' \
	    -e 's|@INCLUDEDIR@|$(INCLUDEDIR)|g' -e 's|@VERSION@|$(VERSION)|g' \
	    -e 's|@NATIVE_LIBS@|$(NATIVE_LIBS)|g' $(1) > $(2)
endef

install: all
	install -d $(DESTDIR)$(LIBDIR)/pkgconfig $(DESTDIR)$(LIBDIR)/cmake/stiffdae \
	    $(DESTDIR)$(INCLUDEDIR) $(DESTDIR)$(DATADIR)/stiffdae
	install -m 755 $(RELEASE)/libstiffdae.so $(DESTDIR)$(LIBDIR)/libstiffdae.so.$(VERSION)
	strip --strip-unneeded $(DESTDIR)$(LIBDIR)/libstiffdae.so.$(VERSION)
	ln -sf libstiffdae.so.$(VERSION) $(DESTDIR)$(LIBDIR)/libstiffdae.so.0
	ln -sf libstiffdae.so.0 $(DESTDIR)$(LIBDIR)/libstiffdae.so
	objcopy --localize-symbols=capi/libm-symbols.txt $(RELEASE)/libstiffdae.a $(DESTDIR)$(LIBDIR)/libstiffdae.a
	chmod 644 $(DESTDIR)$(LIBDIR)/libstiffdae.a
	install -m 755 $(RELEASE64)/libstiffdae.so $(DESTDIR)$(LIBDIR)/libstiffdae64.so.$(VERSION)
	strip --strip-unneeded $(DESTDIR)$(LIBDIR)/libstiffdae64.so.$(VERSION)
	ln -sf libstiffdae64.so.$(VERSION) $(DESTDIR)$(LIBDIR)/libstiffdae64.so.0
	ln -sf libstiffdae64.so.0 $(DESTDIR)$(LIBDIR)/libstiffdae64.so
	objcopy --localize-symbols=capi/libm-symbols.txt $(RELEASE64)/libstiffdae.a $(DESTDIR)$(LIBDIR)/libstiffdae64.a
	chmod 644 $(DESTDIR)$(LIBDIR)/libstiffdae64.a
	install -m 644 include/stiffdae.h $(DESTDIR)$(INCLUDEDIR)/stiffdae.h
	install -m 644 fortran/stiffdae.f90 $(DESTDIR)$(DATADIR)/stiffdae/stiffdae.f90
	$(call configure_file,dist/stiffdae.pc.in,$(DESTDIR)$(LIBDIR)/pkgconfig/stiffdae.pc)
	$(call configure_file,dist/stiffdae64.pc.in,$(DESTDIR)$(LIBDIR)/pkgconfig/stiffdae64.pc)
	$(call configure_file,dist/stiffdaeConfig.cmake.in,$(DESTDIR)$(LIBDIR)/cmake/stiffdae/stiffdaeConfig.cmake)
	$(call configure_file,dist/stiffdaeConfigVersion.cmake.in,$(DESTDIR)$(LIBDIR)/cmake/stiffdae/stiffdaeConfigVersion.cmake)

uninstall:
	rm -f $(DESTDIR)$(LIBDIR)/libstiffdae.so.$(VERSION) $(DESTDIR)$(LIBDIR)/libstiffdae.so.0 \
	    $(DESTDIR)$(LIBDIR)/libstiffdae.so $(DESTDIR)$(LIBDIR)/libstiffdae.a \
	    $(DESTDIR)$(INCLUDEDIR)/stiffdae.h $(DESTDIR)$(LIBDIR)/pkgconfig/stiffdae.pc
	rm -f $(DESTDIR)$(LIBDIR)/libstiffdae64.so.$(VERSION) $(DESTDIR)$(LIBDIR)/libstiffdae64.so.0 \
	    $(DESTDIR)$(LIBDIR)/libstiffdae64.so $(DESTDIR)$(LIBDIR)/libstiffdae64.a \
	    $(DESTDIR)$(LIBDIR)/pkgconfig/stiffdae64.pc
	rm -rf $(DESTDIR)$(LIBDIR)/cmake/stiffdae $(DESTDIR)$(DATADIR)/stiffdae
