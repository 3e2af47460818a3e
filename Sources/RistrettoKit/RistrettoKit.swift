// RistrettoKit: the one import a package needs to judge its own layout engine on Ristretto's corpus.
// The case formats are the suite's own modules, re-exported whole; from the engine layer only the engine protocols
// and what their signatures use are re-exported, so the rest stays internal to the suite.

@_exported import BoxLayout
@_exported import ChartLayout
@_exported import Flexbox
@_exported import LayoutCore

@_exported import struct CaseIO.InputError
@_exported import struct Engines.BenchBatch
@_exported import enum Engines.BenchMode
@_exported import enum Engines.BenchPlan
@_exported import enum Engines.EngineError
@_exported import struct Engines.EngineInfo
@_exported import struct Engines.InProcessEngineAdapter
@_exported import protocol Engines.InProcessLayoutEngine
@_exported import struct Engines.InProcessSubject
@_exported import struct Engines.IncrementalChange
@_exported import enum Engines.LayoutCase
@_exported import enum Engines.LayoutChange
@_exported import protocol Engines.LayoutEngineAdapter
@_exported import struct Engines.LayoutRefusal
@_exported import typealias Engines.PeerFrame
@_exported import func Engines.timeInProcessBatch
@_exported import struct Judging.EngineCaseResult
@_exported import typealias Judging.KnownDifference
@_exported import struct Judging.KnownFailure
