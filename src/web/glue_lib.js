// --js-library: replaces parts of Emscripten 3.1.6's own JS libraries that this module never uses with what it
// does use, so emcc's JS dead-code pass drops the rest from the glue (1.6 KB of dist/mirofish.js gzipped; measured
// in docs/performance.md). Each replacement keeps the calls our C++ and the engine's JS make working:
mergeInto(LibraryManager.library, {
  // Embind registers std::wstring, u16string and u32string at start-up whether or not a binding uses them (none of
  // ours does: every string is std::string); a no-op leaves out the UTF-16 and UTF-32 coders.
  _embind_register_std_wstring__deps: [],
  _embind_register_std_wstring: function (rawType, charSize, name) {},
  // html5.h's event-handler registry: the WebGL context functions list it as a dependency, but the module registers
  // no html5 event handler; destroying a context only asks it to remove the handlers on that canvas (none).
  $JSEvents__deps: [],
  $JSEvents: { removeAllHandlersOnTarget: function () {} },
  // Embind's debugging exports on Module (live-instance counts, deferred deletes, emval handle counts): unused.
  $init_embind__deps: [],
  $init_embind: function () {},
  $init_emval__deps: [],
  $init_emval: function () {},
  // A bound class handle (Pond, TrajectoryRun) is only ever delete()d: no clone, isAliasOf, isDeleted, deleteLater.
  $init_ClassHandle__deps: ['$ClassHandle_delete'],
  $init_ClassHandle: function () {
    ClassHandle.prototype['delete'] = ClassHandle_delete;
  },
  // Our bound classes have no base class and no smart pointer: the raw-pointer converters are the only ones used
  // (the generic one, for smart pointers and upcasts, is left out; a binding that needs it fails at start-up).
  $RegisteredPointer__deps: [
    '$constNoSmartPtrRawPointerToWireType',
    '$nonConstNoSmartPtrRawPointerToWireType',
    '$init_RegisteredPointer',
    '$throwBindingError',
  ],
  $RegisteredPointer: function (
    name,
    registeredClass,
    isReference,
    isConst,
    isSmartPointer,
    pointeeType,
    sharingPolicy,
    rawGetPointee,
    rawConstructor,
    rawShare,
    rawDestructor,
  ) {
    if (isSmartPointer || registeredClass.baseClass !== undefined) {
      throwBindingError(name + ': smart pointers and base classes are left out of the glue (src/web/glue_lib.js)');
    }
    this.name = name;
    this.registeredClass = registeredClass;
    this.isReference = isReference;
    this.isConst = isConst;
    this.isSmartPointer = false;
    this.rawGetPointee = rawGetPointee;
    this.rawDestructor = rawDestructor;
    this['toWireType'] = isConst ? constNoSmartPtrRawPointerToWireType : nonConstNoSmartPtrRawPointerToWireType;
    this.destructorFunction = null;
  },
  // A binding whose types are not all bound is a build mistake: one plain error instead of the type-name walk.
  $throwUnboundTypeError__deps: ['$throwBindingError'],
  $throwUnboundTypeError: function (message, types) {
    throwBindingError(message + ' (unbound types)');
  },
  // src/render/gl_program.cpp asks only for GL_COMPILE_STATUS and GL_LINK_STATUS (no log lengths, no
  // active-uniform counts), which WebGL answers directly.
  glGetProgramiv: function (program, pname, p) {
    HEAP32[p >> 2] = GLctx.getProgramParameter(GL.programs[program], pname);
  },
  glGetShaderiv: function (shader, pname, p) {
    HEAP32[p >> 2] = GLctx.getShaderParameter(GL.shaders[shader], pname);
  },
});
